import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Referrals } from '../api/referrals';
import { formatEuros } from '../plans';
import { TableHead } from '../../../components/table-head';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '@app/shared/display/dates';

const KIND_LABELS: Record<Referrals['ledger'][number]['kind'], string> = {
  free_month: 'Free month',
  commission: 'Commission',
  bonus: 'Bonus',
  reversal: 'Reversal',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Stack>
  );
}

/** The user's referrals and earnings, from the append-only reward ledger. */
export function ReferralLedger({ referrals }: { referrals: Referrals }) {
  return (
    <SectionCard labelledBy="earned-title">
      <Title order={2} size="h4" id="earned-title" mb="sm">
        Your referrals and earnings
      </Title>
      <SimpleGrid cols={3} spacing="md" mb="md">
        <Figure label="Referred" value={String(referrals.referred)} />
        <Figure label="Paying" value={String(referrals.qualified)} />
        <Figure label="Earned" value={formatEuros(referrals.earned_cents)} />
      </SimpleGrid>
      {referrals.ledger.length === 0 ? (
        <Text size="sm" c="dimmed">
          No rewards yet: they appear here when someone you referred pays for a plan.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Reward ledger">
            <TableHead columns={['Date', 'Kind', 'What for', { label: 'Amount', ta: 'right' }]} />
            <Table.Tbody>
              {referrals.ledger.map((entry, index) => (
                <Table.Tr key={`${String(entry.date)}-${String(index)}`}>
                  <Table.Td>{formatDate(entry.date)}</Table.Td>
                  <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td ta="right">
                    <Group justify="flex-end">
                      {entry.kind === 'free_month' ? '—' : formatEuros(entry.amount_cents)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
