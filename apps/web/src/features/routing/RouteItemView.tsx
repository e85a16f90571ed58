/** Order Route Items, one item: the line, its route and order, and what compliance says of it. */
import { Anchor, Paper, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router';
import type { OrderRouteItemListItem } from '@qm/contracts';
import { useResourceItem } from '../../lib/resource';
import { CodeDisplay, Fact, IntegerDisplay } from '../../ui/displays';
import { EditorLoading, EditorRoute } from '../../ui/Editor';
import { PageHeader } from '../../ui/PageHeader';
import { routeItems } from './api';
import { RouteStatusBadge } from './parts/display';
import { EffectBadge } from '../../ui/EffectBadge';
import { formatInteger } from '../../lib/format';

export default function OrderRouteItemScreen() {
  return <EditorRoute noun="route item">{(id) => <View key={id} id={id} />}</EditorRoute>;
}

function View({ id }: { id: number }) {
  const q = useResourceItem<OrderRouteItemListItem>(routeItems, id);
  const r = q.data;
  if (!r) return <EditorLoading query={q} noun="route item" />;
  return (
    <>
      <PageHeader title={`${r.sku} × ${formatInteger(r.quantity)}`} item={`${r.sku} (route #${r.route_id})`} description={`A line of order ${r.order_number} as route #${r.route_id} places it`} />
      <Paper withBorder radius="sm" p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <Fact label="Route">
            <Anchor component={Link} to={`/order-route/${r.route_id}`} size="sm">Route #{r.route_id}</Anchor> <RouteStatusBadge status={r.route_status} />
          </Fact>
          <Fact label="Order">
            <CodeDisplay value={r.order_number} to={`/order/${r.order_id}`} />
          </Fact>
          <Fact label="SKU"><CodeDisplay value={r.sku} /></Fact>
          <Fact label="Product">{r.title ?? '—'}</Fact>
          <Fact label="Quantity"><IntegerDisplay value={r.quantity} /></Fact>
          <Fact label="Compliance at the address"><EffectBadge effect={r.compliance_outcome} /></Fact>
        </SimpleGrid>
        {r.compliance_reason ? <Fact label="Why">{r.compliance_reason}</Fact> : null}
      </Paper>
    </>
  );
}
