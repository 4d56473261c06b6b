import { Center, Loader } from '@mantine/core';

/** Shown while the first page chunk loads. */
export function PageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-label="Loading">
      <Loader type="bars" />
    </Center>
  );
}
