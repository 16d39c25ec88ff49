import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose chunk is loaded on its first render (React.lazy, so it suspends to the
 * nearest Suspense boundary), or ahead of it with `preload()`. Once the chunk has run, a new
 * mount renders the component directly, without suspending, which is also what lets the server
 * render it (entry-server.tsx preloads a page's chunks first).
 * @param load imports the chunk and returns the component.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = (): Promise<ComponentType<Props>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // a later render may try again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<Props>;
  function LazyComponent(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // mount it afresh (losing its state and the keyboard focus).
    const [Shown] = useState(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  LazyComponent.preload = preload;
  return LazyComponent;
}
