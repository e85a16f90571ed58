/** Competitor Blacklist (Pricing): competitors whose offers pricing ignores, with why. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPETITOR_BLACKLIST_LIST, CompetitorBlacklistCreate, CompetitorBlacklistUpdate, type CompetitorBlacklistEntry } from '@qm/contracts';
import { formatInteger } from '../../lib/format';
import { CrudScreen } from '../../ui/CrudScreen';
import { TextAreaField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { createdColumn, idColumn, updatedColumn } from '../../ui/columns';
import { competitorBlacklist } from './api';

const columns: Column<CompetitorBlacklistEntry>[] = [
  idColumn(),
  { key: 'competitor', header: 'Competitor', render: (b) => <Text size="sm" fw={500} className="qm-cell-text">{b.competitor}</Text> },
  { key: 'reason', header: 'Why', render: (b) => <Text size="xs" className="qm-cell-text">{b.reason ?? ''}</Text> },
  {
    key: 'offer_count',
    header: 'Offers ignored',
    align: 'right',
    render: (b) =>
      b.offer_count ? (
        <Anchor component={Link} to={`/competitor-offer?filter[competitor]=${encodeURIComponent(b.competitor)}`} size="sm" onClick={(e) => e.stopPropagation()}>
          {formatInteger(b.offer_count)}
        </Anchor>
      ) : (
        '0'
      ),
  },
  createdColumn(),
  updatedColumn({ defaultVisible: false }),
];

export default function CompetitorBlacklistList() {
  return (
    <CrudScreen<CompetitorBlacklistEntry, typeof CompetitorBlacklistCreate, typeof CompetitorBlacklistUpdate>
      description="Competitors pricing ignores: their offers stay listed, marked as ignored, and are never matched or undercut. The name is matched in any case."
      resource={competitorBlacklist}
      noun={{ one: 'blacklisted competitor', many: 'blacklisted competitors' }}
      nameOf={(b) => b.competitor}
      writePermission="pricing.write"
      list={{ fields: COMPETITOR_BLACKLIST_LIST, columns, defaultSort: 'competitor', searchPlaceholder: 'Search competitors', exportCsv: true }}
      create={{ schema: CompetitorBlacklistCreate, defaults: { competitor: '', reason: '' } }}
      update={{ schema: CompetitorBlacklistUpdate, values: (b) => ({ competitor: b.competitor, reason: b.reason ?? '', version: b.version }) }}
      fields={() => (
        <>
          <TextField name="competitor" label="Competitor" required autoFocus description="As the comparison sites name it." />
          <TextAreaField name="reason" label="Why" rows={3} />
        </>
      )}
    />
  );
}
