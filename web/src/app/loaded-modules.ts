/** Modules already loaded, by loader: a screen preloaded before the first render shows in it. */
const loadedModules = new Map<() => Promise<unknown>, unknown>();

/** Loads a module and keeps it, so that useLazyModule has it from its first render. */
export async function preloadModule<M>(load: () => Promise<M>): Promise<M> {
  if (loadedModules.has(load)) return loadedModules.get(load) as M;
  const module = await load();
  loadedModules.set(load, module);
  return module;
}

/** The module `load` gave, when it has already been loaded. */
export function loadedModule<M>(load: () => Promise<M>): { module: M } | null {
  return loadedModules.has(load) ? { module: loadedModules.get(load) as M } : null;
}
