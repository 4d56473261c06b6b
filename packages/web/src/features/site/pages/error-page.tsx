import { Button } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';

export const ERROR_PAGE_TITLE = 'Oops! Something went wrong';
export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

/** /error?msg=… (spec §2): where failed user loads and the route guard send the visitor. */
export function ErrorPage() {
  const [searchParams] = useSearchParams();
  const message = searchParams.get('msg')?.trim() || DEFAULT_ERROR_MESSAGE;
  return (
    <ErrorPanel
      title={ERROR_PAGE_TITLE}
      message={message}
      actions={
        <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} />}>
          Back to home
        </Button>
      }
    />
  );
}
