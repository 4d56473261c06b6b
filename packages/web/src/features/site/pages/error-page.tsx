import { Button } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { ErrorPanel } from '../../../components/error-panel';
import { useSessionStore } from '../../../lib/session-store';

export const ERROR_PAGE_TITLE = 'Oops! Something went wrong';
export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

/**
 * /error?msg=… (spec §2): where failed user loads and the route guard send the visitor. Without
 * a msg it shows the session's last error (spec §3 session store) before the generic text.
 */
export function ErrorPage() {
  const [searchParams] = useSearchParams();
  const session = useSessionStore();
  const message = searchParams.get('msg')?.trim() || session.last_error || DEFAULT_ERROR_MESSAGE;
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
