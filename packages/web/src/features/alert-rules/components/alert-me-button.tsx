import { ActionIcon, Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { useStoredToken } from '../../../lib/use-stored-token';

/** The dialog and its form (Mantine's modal, form and number input), loaded at the first open. */
const AlertMeDialog = lazy(async () => ({
  default: (await import('./alert-me-dialog')).AlertMeDialog,
}));

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
  // Mounted from the first open on, so that closing plays the modal's transition.
  const [asked, setAsked] = useState(false);
  const loggedIn = useStoredToken() !== null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onClick = () => {
    if (loggedIn) {
      setAsked(true);
      setOpen(true);
    } else void navigate(`/login?next=${encodeURIComponent(`${pathname}${search}`)}`);
  };
  const label = `Alert me about ${symbol}`;
  return (
    <>
      {compact ? (
        <LazyTooltip label="Alert me…">
          <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
            <IconBell size={18} />
          </ActionIcon>
        </LazyTooltip>
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
      {asked && (
        <Suspense fallback={null}>
          <AlertMeDialog
            symbol={symbol}
            price={price}
            opened={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
