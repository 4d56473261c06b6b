import { Button, Center } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ErrorPanel, HomeButton } from '../../../components/error-panel';

export const NOT_FOUND_MESSAGE = 'The page you requested could not be found.';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Center mih="60vh" py="xl">
      <ErrorPanel
        code="404"
        title="Page not found"
        message={NOT_FOUND_MESSAGE}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => void navigate(-1)}
            >
              Go back
            </Button>
            <HomeButton />
          </>
        }
      />
    </Center>
  );
}
