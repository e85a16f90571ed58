/** Order Route Options, one source's share: its lines with why each went there, its fees and shipping. */
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OrderRouteOptionVendorTotalListItem } from '@qm/contracts';
import { useResourceItem } from '../../lib/resource';
import { CodeDisplay, BooleanBadge, Fact, MoneyDisplay } from '../../ui/displays';
import { EditorLoading, EditorRoute } from '../../ui/Editor';
import { PageHeader } from '../../ui/PageHeader';
import { vendorTotals } from './api';
import { SourceKindBadge } from './parts/display';
import { SourceDetail } from './parts/facts';

export default function OrderRouteVendorTotalScreen() {
  return <EditorRoute noun="source total">{(id) => <View key={id} id={id} />}</EditorRoute>;
}

function View({ id }: { id: number }) {
  const q = useResourceItem<OrderRouteOptionVendorTotalListItem>(vendorTotals, id);
  const t = q.data;
  if (!t) return <EditorLoading query={q} noun="source total" />;
  return (
    <>
      <PageHeader title={`${t.source_name} in option ${t.option_rank}`} item={`${t.source_name}, option ${t.option_rank}`} description={<SourceKindBadge kind={t.source_kind} />} />
      <Stack gap="sm">
        <Paper withBorder radius="sm" p="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="Route"><Anchor component={Link} to={`/order-route/${t.route_id}`} size="sm">Route #{t.route_id}</Anchor></Fact>
            <Fact label="Option"><Anchor component={Link} to={`/order-route-option/${t.option_id}`} size="sm">Option {t.option_rank}</Anchor></Fact>
            <Fact label="Order"><CodeDisplay value={t.order_number} to={`/order/${t.order_id}`} /></Fact>
            <Fact label="Items"><MoneyDisplay cents={t.items_cents} /></Fact>
            <Fact label="Fixed fees"><MoneyDisplay cents={t.fixed_fees_cents} /></Fact>
            <Fact label="Per-unit fees"><MoneyDisplay cents={t.per_unit_fees_cents} /></Fact>
            <Fact label="Shipping"><MoneyDisplay cents={t.shipping_cents} /></Fact>
            <Fact label="Total"><Text fw={600} span><MoneyDisplay cents={t.total_cents} /></Text></Fact>
            <Fact label="Minimum order">{t.min_order_cents === null ? 'None' : <><MoneyDisplay cents={t.min_order_cents} /> <BooleanBadge value={t.min_order_met} trueLabel="Met" falseLabel="Not met" /></>}</Fact>
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="sm" p="sm">
          <SourceDetail total={t} />
        </Paper>
      </Stack>
    </>
  );
}
