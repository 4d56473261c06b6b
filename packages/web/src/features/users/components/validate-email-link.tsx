import { Alert, Anchor, Text } from '@mantine/core';
import { VALIDATE_AS_HUMAN_TEXT } from '@app/shared/api/comments';
import { IconMailCheck } from '@tabler/icons-react';
import { useValidateEmail } from '../api/validate-email';

/**
 * Spec §5: 'Please click here to validate you as human.' — e-mails the link that starts the
 * validation and says where it went. Used by the profile's validation card and the comment editor.
 */
export function ValidateEmailLink() {
  const validate = useValidateEmail();
  return (
    <>
      <Text size="sm">
        <Anchor
          component="button"
          type="button"
          inherit
          ta="start"
          onClick={() => validate.mutate()}
          disabled={validate.isPending}
        >
          {VALIDATE_AS_HUMAN_TEXT}
        </Anchor>
      </Text>
      {validate.data && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconMailCheck size={18} aria-hidden="true" />}
          role="status"
        >
          {validate.data}
        </Alert>
      )}
    </>
  );
}
