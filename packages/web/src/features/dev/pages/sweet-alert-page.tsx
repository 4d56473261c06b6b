import { Button, Group, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { SWEET_ALERT_AUTO_CLOSE_MS } from '../rules';

/** Spec §9: the template's alert that closes itself after 2 s, with the time left shown. */
function AutoCloseAlert({ onClose }: { onClose: () => void }) {
  const [left, setLeft] = useState(SWEET_ALERT_AUTO_CLOSE_MS);
  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => {
      setLeft(Math.max(0, SWEET_ALERT_AUTO_CLOSE_MS - (Date.now() - started)));
    }, 100);
    const close = setTimeout(onClose, SWEET_ALERT_AUTO_CLOSE_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(close);
    };
  }, [onClose]);
  return (
    <Modal opened onClose={onClose} centered withCloseButton={false} title="Auto-close alert">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCheck size={32} />
        </ThemeIcon>
        <Text size="sm">This alert closes itself in {(left / 1000).toFixed(1)} s.</Text>
        <Progress value={(left / SWEET_ALERT_AUTO_CLOSE_MS) * 100} w="100%" size="sm" />
      </Stack>
    </Modal>
  );
}

export function SweetAlertPage() {
  const [autoClose, setAutoClose] = useState(false);
  return (
    <GalleryPage
      group="Components"
      title="Sweet alert"
      intro="Dialogs in the style of the template's sweet alerts, built from our modals: a message, a confirmation and the alert that closes after 2 s."
    >
      <DemoSection id="sweet-basic" title="Dialogs">
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() =>
              modals.open({
                title: 'Here is a message',
                children: <Text size="sm">A plain message with a title.</Text>,
              })
            }
          >
            Message
          </Button>
          <Button
            variant="light"
            color="orange"
            onClick={() =>
              modals.openConfirmModal({
                title: 'Are you sure?',
                children: <Text size="sm">You will not be able to undo this.</Text>,
                labels: { confirm: 'Yes, do it', cancel: 'Cancel' },
                onConfirm: () => showSuccessToast('Done.', 'Confirmed'),
              })
            }
          >
            Confirmation
          </Button>
          <Button variant="light" color="teal" onClick={() => setAutoClose(true)}>
            Auto-close after 2 s
          </Button>
        </Group>
      </DemoSection>
      {autoClose && <AutoCloseAlert onClose={() => setAutoClose(false)} />}
    </GalleryPage>
  );
}
