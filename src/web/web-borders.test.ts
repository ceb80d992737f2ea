import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The zones of eslint.config.js ('web-zones/borders'), proved on made-up files inside src/web.
// URLs rather than node:path: this folder is type-checked with the browser's types.
const root = new URL('../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

async function borderErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}src/web/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'web-zones/borders')
    .map((message) => message.message);
}

describe('the web zones', () => {
  // The first lint loads the configuration and the TypeScript parser: seconds on a busy machine.
  beforeAll(() => borderErrors('lib/warm-up.ts', 'export {};\n'), 60_000);

  it('refuses a feature importing another feature', async () => {
    const errors = await borderErrors(
      'features/admin/pages/example-page.ts',
      "import { useOrder } from '../../dashboard/api/dashboard-queries';\nexport const use = useOrder;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('features/admin may not import features/dashboard'),
    ]);
  });

  it('refuses a lazy import of another feature too', async () => {
    const errors = await borderErrors(
      'features/driver/example.ts',
      "export const page = () => import('../ordering/pages/new-order-page');\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses ui/ or lib/ importing a feature or the app', async () => {
    expect(
      await borderErrors(
        'ui/example.ts',
        "export { AdminLayout } from '../features/admin/admin-layout';\n",
      ),
    ).toHaveLength(1);
    expect(
      await borderErrors(
        'lib/example.ts',
        "import { router } from '../app/router';\nexport const r = router;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a feature use its own files, ui/, lib/, i18n/, #shared and packages', async () => {
    const errors = await borderErrors(
      'features/admin/pages/example-page.ts',
      [
        "import { useQuery } from '@tanstack/react-query';",
        "import { ORDER_LIFECYCLE } from '#shared/order-lifecycle';",
        "import { useMessageText } from '../../../i18n/use-message-text';",
        "import { apiRequest } from '../../../lib/api-client';",
        "import { FormDialog } from '../../../ui/form-dialog';",
        "import { adminQueryKeys } from '../api/admin-api';",
        'export const all = [useQuery, ORDER_LIFECYCLE, useMessageText, apiRequest, FormDialog, adminQueryKeys];',
      ].join('\n') + '\n',
    );
    expect(errors).toEqual([]);
  });

  it('lets the router import every feature', async () => {
    const errors = await borderErrors(
      'app/example.ts',
      "export const page = () => import('../features/admin/pages/orders-page');\n",
    );
    expect(errors).toEqual([]);
  });
});
