import { Button, Center } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel, HomeButton } from '../components/error-panel';
import { reloadPage } from '../lib/browser';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/** Rendered by react-router when a page throws or its chunk fails to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return (
    <Center mih="60vh" p="md">
      <ErrorPanel
        title="Oops! Something went wrong"
        message={describe(error)}
        actions={
          <>
            <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={reloadPage}>
              Reload
            </Button>
            <HomeButton />
          </>
        }
      />
    </Center>
  );
}
