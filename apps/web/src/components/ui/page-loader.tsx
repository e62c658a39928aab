import { Center, Loader } from '@mantine/core';

/** Centered spinner for route and session loading (the loader is the status, theme default). */
export function PageLoader({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Center mih="60vh">
      <Loader aria-label={label} />
    </Center>
  );
}

/** Full-page spinner with its own <main> landmark, for screens outside the shell. */
export function FullPageLoader() {
  return (
    <main>
      <Center mih="100vh">
        <Loader aria-label="Cargando…" />
      </Center>
    </main>
  );
}
