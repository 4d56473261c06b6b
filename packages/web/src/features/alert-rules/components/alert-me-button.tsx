import { ActionIcon, Button, Modal, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStoredToken } from '../../../lib/use-stored-token';
import { AlertRuleForm, EMPTY_RULE } from './alert-rule-form';

/**
 * "Alert me…": a rule on `symbol`, pre-filled with a price level at the current price. A
 * visitor is sent to log in first (and comes back here).
 */
export function AlertMeButton({
  symbol,
  price,
  compact = false,
}: {
  symbol: string;
  /** The current price (unknown: the level is left for the user to write). */
  price: number | null;
  /** An icon only (table rows). */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const loggedIn = useStoredToken() !== null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onClick = () => {
    if (loggedIn) setOpen(true);
    else void navigate(`/login?next=${encodeURIComponent(`${pathname}${search}`)}`);
  };
  const label = `Alert me about ${symbol}`;
  return (
    <>
      {compact ? (
        <Tooltip label="Alert me…">
          <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
            <IconBell size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconBell size={16} />}
          aria-label={label}
          onClick={onClick}
        >
          Alert me…
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={`New alert on ${symbol}`}>
        {open && (
          <AlertRuleForm
            initial={{
              ...EMPTY_RULE,
              symbol,
              threshold: price === null ? '' : Math.round(price * 100) / 100,
            }}
            onDone={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}
