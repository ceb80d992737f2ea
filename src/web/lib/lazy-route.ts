import type { ComponentType } from 'react';

/** The names of a module's exports that are React components. */
type ComponentNames<Module> = {
  [Name in keyof Module]: Module[Name] extends ComponentType<never> ? Name : never;
}[keyof Module];

/**
 * A route whose screen is the component `name` of a module loaded the first time the route is
 * opened: each screen stays its own chunk, so the landing page never downloads the dashboard's
 * or the back office's code (app/router.tsx).
 */
export function lazyRoute<Module>(load: () => Promise<Module>, name: ComponentNames<Module>) {
  return {
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
  };
}
