/** Order Route Options: candidate placements of routes, ranked, feasible or not (with why). */
import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ORDER_ROUTE_OPTION_LIST, type OrderRouteOptionListItem } from '@qm/contracts';
import { CodeDisplay, IntegerDisplay, MoneyDisplay } from '../../ui/displays';
import { idColumn } from '../../ui/columns';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef } from '../../ui/ResourceList';
import { routeOptions } from './api';
import { DeltaText } from './parts/display';

const columns: Column<OrderRouteOptionListItem>[] = [
  idColumn(),
  { key: 'route_id', header: 'Route', render: (r) => <Anchor component={Link} to={`/order-route/${r.route_id}`} size="sm" onClick={(e) => e.stopPropagation()}>#{r.route_id}</Anchor> },
  { key: 'order_number', header: 'Order', render: (r) => <CodeDisplay value={r.order_number} /> },
  { key: 'rank', header: 'Rank', align: 'right', width: 64 },
  { key: 'description', header: 'Sources', render: (r) => <Text size="sm" className="qm-cell-text">{r.description}</Text> },
  {
    key: 'is_feasible',
    header: 'Feasible',
    render: (r) =>
      r.is_feasible ? (
        r.is_chosen ? <Badge size="sm" radius="sm" color="teal">Chosen</Badge> : <Badge size="sm" radius="sm" variant="light" color="blue">Feasible</Badge>
      ) : (
        <Badge size="sm" radius="sm" variant="light" color="red">Infeasible</Badge>
      ),
  },
  { key: 'total_cents', header: 'Total', align: 'right', render: (r) => (r.is_feasible ? <MoneyDisplay cents={r.total_cents} /> : '') },
  { key: 'delta_to_best_cents', header: 'Than option 1', render: (r) => <DeltaText cents={r.delta_to_best_cents} /> },
  { key: 'shipments', header: 'Shipments', align: 'right', render: (r) => <IntegerDisplay value={r.shipments} /> },
  { key: 'infeasible_reason', header: 'Why not', render: (r) => <Text size="xs" className="qm-cell-text">{r.infeasible_reason ?? ''}</Text> },
];

export default function OrderRouteOptionsScreen() {
  const filters: FilterDef[] = [
    { kind: 'text', key: 'route_id', label: 'Route id', placeholder: 'e.g. 12' },
    { kind: 'text', key: 'order_id', label: 'Order id', placeholder: 'e.g. 1042' },
    { kind: 'boolean', key: 'is_feasible', label: 'Feasible', trueLabel: 'Feasible', falseLabel: 'Infeasible' },
    { kind: 'boolean', key: 'is_chosen', label: 'Chosen', trueLabel: 'Chosen', falseLabel: 'Not chosen' },
  ];
  return (
    <>
      <PageHeader description="Candidate placements of each route, ranked by total then shipments; infeasible candidates say why." />
      <ResourceList<OrderRouteOptionListItem>
        resource={routeOptions}
        fields={ORDER_ROUTE_OPTION_LIST}
        noun={{ one: 'route option', many: 'route options' }}
        columns={columns}
        filters={filters}
        searchPlaceholder="Source or order number"
        defaultSort="-id"
        exportCsv
        rowHref={(r) => `/order-route-option/${r.id}`}
      />
    </>
  );
}
