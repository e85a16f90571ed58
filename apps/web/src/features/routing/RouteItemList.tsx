/** Order Route Items: the lines routes place, with their compliance outcome at the ship-to address. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ORDER_ROUTE_ITEM_LIST, type OrderRouteItemListItem } from '@qm/contracts';
import { CodeDisplay, IntegerDisplay } from '../../ui/displays';
import { idColumn } from '../../ui/columns';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef } from '../../ui/ResourceList';
import { routeItems } from './api';
import { RouteStatusBadge } from './parts/display';
import { EffectBadge } from '../../ui/EffectBadge';
import { COMPLIANCE_FILTER } from './parts/facts';

const columns: Column<OrderRouteItemListItem>[] = [
  idColumn(),
  { key: 'route_id', header: 'Route', render: (r) => <Anchor component={Link} to={`/order-route/${r.route_id}`} size="sm" onClick={(e) => e.stopPropagation()}>#{r.route_id}</Anchor> },
  { key: 'order_number', header: 'Order', render: (r) => <CodeDisplay value={r.order_number} /> },
  { key: 'route_status', header: 'Route status', render: (r) => <RouteStatusBadge status={r.route_status} /> },
  { key: 'sku', header: 'SKU', render: (r) => <CodeDisplay value={r.sku} strong /> },
  { key: 'title', header: 'Product', render: (r) => <Text size="sm" className="qm-cell-text">{r.title ?? ''}</Text> },
  { key: 'quantity', header: 'Quantity', align: 'right', render: (r) => <IntegerDisplay value={r.quantity} /> },
  { key: 'compliance_outcome', header: 'Compliance', render: (r) => <EffectBadge effect={r.compliance_outcome} reason={r.compliance_reason} /> },
];

export default function OrderRouteItemsScreen() {
  const filters: FilterDef[] = [
    { kind: 'text', key: 'route_id', label: 'Route id', placeholder: 'e.g. 12' },
    { kind: 'text', key: 'order_id', label: 'Order id', placeholder: 'e.g. 1042' },
    COMPLIANCE_FILTER,
  ];
  return (
    <>
      <PageHeader description="The order lines each route places, and what compliance says of them at the ship-to address." />
      <ResourceList<OrderRouteItemListItem>
        resource={routeItems}
        fields={ORDER_ROUTE_ITEM_LIST}
        noun={{ one: 'route item', many: 'route items' }}
        columns={columns}
        filters={filters}
        searchPlaceholder="SKU or order number"
        defaultSort="-id"
        exportCsv
        rowHref={(r) => `/order-route-item/${r.id}`}
      />
    </>
  );
}
