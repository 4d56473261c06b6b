import { Anchor, Text } from '@mantine/core';
import { VALIDATE_AS_HUMAN_TEXT } from '@app/shared/api/comments';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import { registerPath } from '../comment-rules';
import type { RegisterReason } from '../comment-rules';
import { useCurrentUser, ValidateEmailLink } from '../../users';

/**
 * Spec §5: 'Please click here to validate you as human.' — for a user whose account is waiting
 * for an admin, the waiting page; otherwise the e-mail that starts the validation.
 */
export function ValidateAsHumanLink({ pending }: { pending: boolean }) {
  if (pending) {
    return (
      <Text size="sm">
        <Anchor component={Link} to="/please_wait" inherit>
          {VALIDATE_AS_HUMAN_TEXT}
        </Anchor>
      </Text>
    );
  }
  return <ValidateEmailLink />;
}

/**
 * Shows `children` (an editor) only to a validated user (spec §5, §6): a visitor gets a link to
 * register (coming back to `next`), an unvalidated user the link to validate as human.
 */
export function CommentGate({
  reason,
  next,
  visitorText,
  children,
}: {
  reason: RegisterReason;
  next: string;
  /** The visitor's link text ('Register or log in to comment'). */
  visitorText: string;
  children: ReactNode;
}) {
  const { token, user } = useCurrentUser();
  if (token === null) {
    return (
      <Text size="sm">
        <Anchor component={Link} to={registerPath(reason, next)} inherit>
          {visitorText}
        </Anchor>
      </Text>
    );
  }
  if (!user) return null;
  if (!user.is_email_validated) {
    return <ValidateAsHumanLink pending={user.validation_status === 'pending'} />;
  }
  return children;
}
