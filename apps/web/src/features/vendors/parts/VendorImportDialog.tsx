/**
 * Importing a vendor's price/stock file: choose the file; map its columns to ours (the vendor's last
 * mapping, or one guessed from the headers); say what happens to lines the file leaves out; preview
 * (a job: counts and sample rows, invalid rows with their reason — a file with any cannot be applied);
 * apply (a job, all or nothing), with progress.
 */
import { useEffect, useState } from 'react';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, FileInput, Group, Modal, Progress, Radio, Select, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportColumns, type ImportField, type ImportSampleRow, type ImportSummary, type Job } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { formatCents, formatInteger, plural } from '../../../lib/format';
import { isActive, useCancelJob, useJob } from '../../../lib/jobs';
import { CodeDisplay } from '../../../ui/displays';
import { importApplied, useApplyImport, usePreviewImport, useUploadForImport, useVendorImport } from '../catalogApi';
import { DETAIL_TABLE } from '../../../ui/listParams';

type Step = 'file' | 'mapping' | 'preview';

export function VendorImportDialog({ vendorId, opened, onClose }: { vendorId: number; opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<{ fileId: number; columns: ImportColumns } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [missing, setMissing] = useState<'zero' | 'keep'>('zero');
  const [importId, setImportId] = useState<number | null>(null);
  const [previewJobId, setPreviewJobId] = useState<number | null>(null);
  const [applyJobId, setApplyJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadFile = useUploadForImport(vendorId);
  const preview = usePreviewImport(vendorId);
  const apply = useApplyImport(vendorId);
  const cancel = useCancelJob();
  const previewJob = useJob(previewJobId);
  const applyJob = useJob(applyJobId);
  const running = isActive(previewJob.data) || isActive(applyJob.data);
  const imp = useVendorImport(importId, running);

  const reset = () => {
    setStep('file');
    setFile(null);
    setUpload(null);
    setImportId(null);
    setPreviewJobId(null);
    setApplyJobId(null);
    setError(null);
  };
  useEffect(() => {
    if (opened) reset();
  }, [opened]);
  // When a job ends, the import is read once more (its counts, or that it was applied).
  useEffect(() => {
    if (previewJob.data && !isActive(previewJob.data)) void imp.refetch();
  }, [previewJob.data?.status]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (applyJob.data?.status === 'succeeded') void importApplied(vendorId);
    if (applyJob.data && !isActive(applyJob.data)) void imp.refetch();
  }, [applyJob.data?.status]); // eslint-disable-line react-hooks/exhaustive-deps

  const chooseFile = async (f: File | null) => {
    setFile(f);
    setError(null);
    if (!f) return;
    try {
      const done = await uploadFile.mutateAsync(f);
      setUpload(done);
      setMapping(done.columns.mapping);
      setStep('mapping');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const startPreview = async () => {
    if (!upload) return;
    setError(null);
    try {
      const body = { file_id: upload.fileId, missing, mapping: { ...mapping, vendor_sku: mapping.vendor_sku ?? '' } };
      const started = await preview.mutateAsync(body as never);
      setImportId(started.import_id);
      setPreviewJobId(started.job.id);
      setApplyJobId(null);
      setStep('preview');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const startApply = async () => {
    if (importId === null) return;
    setError(null);
    try {
      const started = await apply.mutateAsync(importId);
      setApplyJobId(started.job.id);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const current = imp.data;
  const summary = current?.summary ?? null;
  const applied = current?.status === 'applied';
  return (
    <Modal opened={opened} onClose={onClose} title="Import a price and stock file" size="xl" closeOnClickOutside={!running}>
      <Stack gap="sm">
        {error ? (
          <Alert color="red" title="Not imported" role="alert">
            {error}
          </Alert>
        ) : null}

        {step === 'file' ? (
          <>
            <Text size="sm" c="dimmed">
              A CSV or XLSX file from the vendor, one line per item, with a header row. Nothing changes until you have seen the preview and applied it.
            </Text>
            <FileInput
              label="Vendor file"
              placeholder="Choose a .csv or .xlsx file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => void chooseFile(f)}
              disabled={uploadFile.isPending}
              clearable
              w={420}
            />
            {uploadFile.isPending ? <Text size="sm">Uploading…</Text> : null}
          </>
        ) : null}

        {step === 'mapping' && upload ? (
          <>
            <Text size="sm">
              <b>{upload.columns.file_name}</b> ·{' '}
              {upload.columns.mapping_source === 'remembered' ? "columns mapped as in this vendor's last import" : 'columns guessed from the headers: check them'}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
              {IMPORT_FIELDS.map((f) => (
                <MappingSelect key={f} field={f} columns={upload.columns} value={mapping[f] ?? null} onChange={(v) => setMapping({ ...mapping, [f]: v })} />
              ))}
            </SimpleGrid>
            <Radio.Group
              label="Items of this vendor that are not in the file"
              value={missing}
              onChange={(v) => setMissing(v as 'zero' | 'keep')}
              size="xs"
            >
              <Group gap="lg" mt={4}>
                <Radio value="zero" label="Set their stock to 0 (a full stock file)" />
                <Radio value="keep" label="Leave them as they are" />
              </Group>
            </Radio.Group>
            <Group justify="space-between">
              <Button variant="default" size="xs" onClick={reset}>
                Choose another file
              </Button>
              <Button size="xs" onClick={() => void startPreview()} loading={preview.isPending} disabled={!mapping.vendor_sku}>
                Preview
              </Button>
            </Group>
          </>
        ) : null}

        {step === 'preview' ? (
          <>
            {isActive(previewJob.data) ? <JobProgress job={previewJob.data!} onCancel={() => cancel.mutate(previewJob.data!.id)} /> : null}
            {current && ['failed', 'cancelled'].includes(current.status) ? (
              <Alert color="red" title={current.status === 'cancelled' ? 'Preview cancelled' : 'The file could not be read'} role="alert">
                {current.error ?? previewJob.data?.error ?? 'Nothing was changed.'}
              </Alert>
            ) : null}
            {summary ? <PreviewSummary summary={summary} missing={current!.missing} applied={applied} /> : null}
            {summary && summary.counts.invalid > 0 ? (
              <Alert color="red" title="This file cannot be applied" role="alert">
                {plural(summary.counts.invalid, 'row is', 'rows are')} invalid (listed under “Invalid”): nothing can be applied. Fix the file and upload it again.
              </Alert>
            ) : null}
            {applyJob.data && isActive(applyJob.data) ? <JobProgress job={applyJob.data} onCancel={() => cancel.mutate(applyJob.data!.id)} /> : null}
            {applyJob.data?.status === 'failed' || applyJob.data?.status === 'cancelled' ? (
              <Alert color="red" title={applyJob.data.status === 'cancelled' ? 'Import cancelled' : 'Import failed'} role="alert">
                {applyJob.data.error ?? 'Nothing was changed.'}
              </Alert>
            ) : null}
            {applied ? (
              <Alert color="teal" title="Imported" role="status">
                The vendor's catalogue is up to date with {current!.file_name}.
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Button variant="default" size="xs" onClick={reset} disabled={running}>
                {summary && summary.counts.invalid > 0 ? 'Upload a fixed file' : 'Start over'}
              </Button>
              {applied ? (
                <Button size="xs" onClick={onClose}>
                  Close
                </Button>
              ) : (
                <Button size="xs" onClick={() => void startApply()} loading={apply.isPending || isActive(applyJob.data)} disabled={!current?.can_apply}>
                  Apply
                </Button>
              )}
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}

function MappingSelect({ field, columns, value, onChange }: { field: ImportField; columns: ImportColumns; value: string | null; onChange: (v: string | null) => void }) {
  const index = value === null ? -1 : columns.headers.indexOf(value);
  const example = index >= 0 ? columns.sample.map((r) => r[index]).filter(Boolean).slice(0, 3).join(' · ') : '';
  return (
    <Select
      size="xs"
      label={IMPORT_FIELD_LABELS[field]}
      required={field === 'vendor_sku'}
      placeholder="Not in the file"
      data={columns.headers.map((h) => ({ value: h, label: h }))}
      value={value}
      onChange={onChange}
      clearable={field !== 'vendor_sku'}
      description={example ? `e.g. ${example}` : ' '}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function JobProgress({ job, onCancel }: { job: Job; onCancel: () => void }) {
  const pct = job.total ? Math.min(100, (job.progress / job.total) * 100) : null;
  return (
    <Stack gap={4} aria-live="polite">
      <Group justify="space-between">
        <Text size="sm">
          {job.message ?? (job.status === 'queued' ? 'Waiting to start' : 'Working')}
          {job.progress > 0 ? ` · ${formatInteger(job.progress)}${job.total ? ` of ${formatInteger(job.total)}` : ''} rows` : ''}
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
      <Progress value={pct ?? 100} animated={pct === null} striped={pct === null} aria-label="Progress" size="sm" />
    </Stack>
  );
}

const KIND_LABELS: { kind: string; label: string; count: (c: ImportSummary['counts']) => number }[] = [
  { kind: 'invalid', label: 'Invalid', count: (c) => c.invalid },
  { kind: 'new', label: 'New', count: (c) => c.new },
  { kind: 'cost_changed', label: 'Cost changes', count: (c) => c.cost_changed },
  { kind: 'stock_changed', label: 'Stock changes', count: (c) => c.stock_changed },
  { kind: 'unchanged', label: 'Unchanged', count: (c) => c.unchanged },
  { kind: 'unmatched', label: 'Unmatched', count: (c) => c.unmatched },
  { kind: 'missing', label: 'Not in the file', count: (c) => c.missing },
];

function PreviewSummary({ summary, missing, applied }: { summary: ImportSummary; missing: 'zero' | 'keep'; applied: boolean }) {
  const c = summary.counts;
  const kinds = KIND_LABELS.filter((k) => k.count(c) > 0);
  const [tab, setTab] = useState<string | null>(null);
  const active = tab && kinds.some((k) => k.kind === tab) ? tab : (kinds[0]?.kind ?? null);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {formatInteger(c.rows)} rows{applied ? ' applied' : ''}: {formatInteger(c.new)} new, {formatInteger(c.changed)} changed ({formatInteger(c.cost_changed)} in cost,{' '}
        {formatInteger(c.stock_changed)} in stock), {formatInteger(c.unchanged)} unchanged, {formatInteger(c.unmatched)} without a variant of ours
        {c.invalid ? `, ${formatInteger(c.invalid)} invalid` : ''}. {formatInteger(c.missing)} of the vendor's lines are not in the file
        {c.missing ? (missing === 'zero' ? `: ${formatInteger(c.missing_in_stock)} in stock now will be set to 0.` : ': they are left as they are.') : '.'}
      </Text>
      {kinds.length ? (
        <Tabs value={active} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {kinds.map((k) => (
              <Tabs.Tab key={k.kind} value={k.kind} color={k.kind === 'invalid' ? 'red' : undefined}>
                {k.label} ({formatInteger(k.count(c))})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {kinds.map((k) => (
            <Tabs.Panel key={k.kind} value={k.kind} pt={4}>
              <SampleTable rows={summary.samples[k.kind] ?? []} kind={k.kind} total={k.count(c)} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : null}
    </Stack>
  );
}

function SampleTable({ rows, kind, total }: { rows: ImportSampleRow[]; kind: string; total: number }) {
  const invalid = kind === 'invalid';
  const change = (from: string, to: string) => (from === to || from === '—' ? to : `${from} → ${to}`);
  return (
    <>
      <Table {...DETAIL_TABLE} striped aria-label={`Sample rows: ${kind}`}>
        <Table.Thead>
          <Table.Tr>
            {kind !== 'missing' ? <Table.Th>Row</Table.Th> : null}
            <Table.Th>Vendor SKU</Table.Th>
            <Table.Th>Name</Table.Th>
            {invalid ? <Table.Th>Why it cannot be imported</Table.Th> : (
              <>
                <Table.Th ta="right">Cost</Table.Th>
                <Table.Th ta="right">Available</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={`${r.line ?? ''}-${r.vendor_sku ?? ''}-${i}`}>
              {kind !== 'missing' ? <Table.Td className="qm-num">{r.line}</Table.Td> : null}
              <Table.Td>
                <CodeDisplay value={r.vendor_sku} />
              </Table.Td>
              <Table.Td className="qm-cell-text">{r.name ?? '—'}</Table.Td>
              {invalid ? (
                <Table.Td c="red">{r.error}</Table.Td>
              ) : (
                <>
                  <Table.Td ta="right" className="qm-num">
                    {change(formatCents(r.old_cost_cents, '—'), formatCents(r.cost_cents, '—'))}
                  </Table.Td>
                  <Table.Td ta="right" className="qm-num">
                    {change(formatInteger(r.old_quantity, '—'), formatInteger(r.quantity, '—'))}
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > rows.length ? (
        <Text size="xs" c="dimmed" mt={4}>
          The first {rows.length} of {formatInteger(total)}.
        </Text>
      ) : null}
    </>
  );
}
