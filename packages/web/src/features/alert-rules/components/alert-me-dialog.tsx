import { Modal } from '@mantine/core';
import { AlertRuleForm, EMPTY_RULE } from './alert-rule-form';

/** The dialog of "Alert me…" (alert-me-button.tsx): a new rule on `symbol`, a chunk of its own. */
export function AlertMeDialog({
  symbol,
  price,
  opened,
  onClose,
}: {
  symbol: string;
  price: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`New alert on ${symbol}`}>
      {opened && (
        <AlertRuleForm
          initial={{
            ...EMPTY_RULE,
            symbol,
            threshold: price === null ? '' : Math.round(price * 100) / 100,
          }}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
