/**
 * What the web app's production build does beyond Vite's defaults, so that a page's first
 * screen arrives in as few round trips as possible (docs/decisions/0006-what-the-landing-page-loads.md).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Writes the app's stylesheet into index.html instead of linking it: a linked stylesheet holds
 * up the first paint for one more request.
 */
export function inlineStylesheets(): Plugin {
  return {
    name: 'inline-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle?.[fileName];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
          },
        );
      },
    },
  };
}

/**
 * Starts fetching the code of the first screen of the pages people arrive on while the app's
 * own code downloads, instead of once the app has started and its router asks for it: a small
 * script, run before the app, adds `modulepreload` links for the path being opened.
 * `modulesByPath` names, for each path, its screen's lazy route modules in the
 * areas' routes (src/web/features/<area>/routes.tsx; paths relative to src/web); the build fails
 * when one is no longer there.
 */
export function preloadFirstScreens(modulesByPath: Record<string, string[]>): Plugin {
  let webRoot = '';
  return {
    name: 'preload-first-screens',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return this.error('The build has no index.html');
        const html = String(page.source);
        const chunkOf = (module: string): OutputChunk => {
          const id = path.join(webRoot, module);
          const chunk = Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.facadeModuleId === id,
          );
          if (chunk?.type !== 'chunk') return this.error(`No chunk is built from ${module}`);
          return chunk;
        };
        const filesByPath = Object.fromEntries(
          Object.entries(modulesByPath).map(([pagePath, modules]) => [
            pagePath,
            [...chunkFilesNotInPage(bundle, html, modules.map(chunkOf))].map((file) => `/${file}`),
          ]),
        );
        const source =
          `const files = ${JSON.stringify(filesByPath)}[location.pathname.replace(/(.)\\/$/, '$1')];\n` +
          `for (const href of files ?? []) {\n` +
          `  const link = document.createElement('link');\n` +
          `  link.rel = 'modulepreload';\n` +
          `  link.href = href;\n` +
          `  document.head.append(link);\n` +
          `}\n`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/first-screen-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        // Module scripts run in document order: this one before the app.
        page.source = html.replace(
          '<script type="module"',
          `<script type="module" src="/${fileName}"></script>\n    <script type="module"`,
        );
      },
    },
  };
}

/** The chunks and their static imports, but for those index.html already loads. */
function chunkFilesNotInPage(bundle: OutputBundle, html: string, chunks: OutputChunk[]) {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName) || html.includes(`/${fileName}"`)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  chunks.forEach((chunk) => visit(chunk.fileName));
  return files;
}

const compressible = /\.(js|css|html|svg)$/;

/**
 * Writes a Brotli and a gzip copy beside each text file of the build, at the strongest
 * settings: the server sends them as they are (`preCompressed` in src/server/app.ts), smaller
 * than what it compresses on the fly and at no cost per request. The page shell is among them,
 * which the server's on-the-fly compression does not reach.
 */
export function precompressFiles(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'precompress-files',
    apply: 'build',
    async writeBundle({ dir }) {
      const files = await readdir(dir!, { recursive: true });
      await Promise.all(
        files
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const target = path.join(dir!, file);
            const content = await readFile(target);
            await writeFile(
              `${target}.br`,
              await brotli(content, {
                params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
              }),
            );
            await writeFile(`${target}.gz`, await gzipped(content, { level: 9 }));
          }),
      );
    },
  };
}
