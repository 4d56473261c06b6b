import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { formatPrice } from '@app/shared/display/format';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { DEMO_CART, DEMO_PRICING_CARDS } from '../demo-data';
import { cartQuantity } from '../rules';
import { TableHead } from '../../../components/table-head';

export function TableExtendedPage() {
  const [lines, setLines] = useState(DEMO_CART);
  const change = (id: string, delta: number) =>
    setLines((current) =>
      current.map((line) =>
        line.id === id ? { ...line, quantity: cartQuantity(line.quantity, delta) } : line,
      ),
    );
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return (
    <GalleryPage
      group="Tables"
      title="Extended tables"
      intro="The template's shopping-cart table (spec §4: a quantity never drops below 1) and its demo pricing cards of $69 and $10 (spec §9, sample content, not our plans)."
    >
      <DemoSection id="table-cart" title="Shopping cart">
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder verticalSpacing="sm" horizontalSpacing="xs">
            <TableHead
              columns={[
                'Product',
                { label: 'Price', ta: 'right' },
                { label: 'Quantity', ta: 'center' },
                { label: 'Amount', ta: 'right' },
              ]}
            />
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.product}</Table.Td>
                  <Table.Td ta="right">{formatPrice(line.price, 'USD')}</Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="center" wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        aria-label={`One fewer ${line.product}`}
                        disabled={line.quantity <= 1}
                        onClick={() => change(line.id, -1)}
                      >
                        <IconMinus size={14} />
                      </ActionIcon>
                      <Text w={28} ta="center" aria-label={`Quantity of ${line.product}`}>
                        {line.quantity}
                      </Text>
                      <ActionIcon
                        variant="default"
                        aria-label={`One more ${line.product}`}
                        onClick={() => change(line.id, 1)}
                      >
                        <IconPlus size={14} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatPrice(line.price * line.quantity, 'USD')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3}>Total</Table.Th>
                <Table.Th ta="right">{formatPrice(total, 'USD')}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </DemoSection>
      <DemoSection id="table-pricing" title="Demo pricing cards">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={640}>
          {DEMO_PRICING_CARDS.map((card) => (
            <Card key={card.name} withBorder radius="lg" padding="lg">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  {card.name}
                </Title>
                <Badge variant="light" color="gray">
                  Sample
                </Badge>
              </Group>
              <Text fz={36} fw={700} mt="sm">
                {card.price}$
              </Text>
              <List size="sm" mt="sm">
                {card.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Button mt="md" variant="light" fullWidth>
                Choose
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </DemoSection>
    </GalleryPage>
  );
}
