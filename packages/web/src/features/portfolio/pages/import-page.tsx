import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CSV_COLUMNS,
  DEFAULT_PORTFOLIO,
  IMPORT_MAX_BYTES,
  importRequestSchema,
} from '@app/shared/api/portfolio';
import type { ImportRequest } from '@app/shared/api/portfolio';
import { formatPrice } from '@app/shared/display/format';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload, IconEye, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { downloadExport, useImportTransactions, usePreviewImport } from '../api/import-export';
import type { ImportPreview } from '../api/import-export';
import { completeMapping, csvHeader, guessMapping, MAPPING_FIELDS } from '../components/csv-header';
import type { MappingField } from '../components/csv-header';
import { PageHeader } from '../components/page-header';
import { formatQuantity } from '../components/portfolio-format';
import classes from '../components/portfolio.module.css';
import { TableHead } from '../../../components/table-head';

type Format = 'ours' | 'broker';

type ImportValues = {
  format: Format;
  csv: string;
  mapping: Partial<Record<MappingField, string>>;
};

/** What the fields send: a broker's file with its column mapping (incomplete: refused). */
function toRequest({ format, csv, mapping }: ImportValues) {
  return {
    portfolio: DEFAULT_PORTFOLIO,
    csv,
    ...(format === 'broker' ? { mapping: completeMapping(mapping) ?? mapping } : {}),
  };
}

const checkRequest = schemaResolver(importRequestSchema, { sync: true });

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <Table.ScrollContainer minWidth={640} maxHeight={480}>
      <Table verticalSpacing={4} striped stickyHeader aria-label="Import preview">
        <TableHead
          columns={[
            'Line',
            'Date',
            'Type',
            'Symbol',
            { label: 'Quantity', className: classes.number },
            { label: 'Price', className: classes.number },
            { label: 'Fees', className: classes.number },
            'Errors',
          ]}
        />
        <Table.Tbody>
          {preview.rows.map((row) => {
            const tx = row.transaction;
            return (
              <Table.Tr key={row.line} data-invalid={row.errors.length > 0 || undefined}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{tx?.date ?? '—'}</Table.Td>
                <Table.Td>{tx?.type ?? '—'}</Table.Td>
                <Table.Td>{tx?.symbol ?? '—'}</Table.Td>
                <Table.Td className={classes.number}>
                  {tx ? formatQuantity(tx.quantity) : '—'}
                </Table.Td>
                <Table.Td className={classes.number}>
                  {tx ? formatPrice(tx.price, tx.currency) : '—'}
                </Table.Td>
                <Table.Td className={classes.number}>
                  {tx ? formatPrice(tx.fees, tx.currency) : '—'}
                </Table.Td>
                <Table.Td>
                  {row.errors.length === 0 ? (
                    <Text size="sm" c="teal">
                      OK
                    </Text>
                  ) : (
                    row.errors.map((error) => (
                      <Text key={error} size="sm" c="red">
                        {error}
                      </Text>
                    ))
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /dashboard/import (guard 'user'): paste or upload a CSV in our format or a broker's (mapping its
 * columns), preview it with each row's errors, then import it all or nothing; and export ours.
 */
export function ImportPage() {
  const form = useForm<ImportValues>({
    mode: 'controlled',
    initialValues: { format: 'ours', csv: '', mapping: {} },
    // The shared schema of the request decides whether Preview and Import may be pressed.
    validate: (values) => checkRequest(toRequest(values)),
  });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [exporting, setExporting] = useState(false);
  const previewCall = usePreviewImport();
  const importCall = useImportTransactions();
  const { format, csv, mapping } = form.getValues();
  const headers = csvHeader(csv);
  const tooLarge = new Blob([csv]).size > IMPORT_MAX_BYTES;
  const ready = csv.trim() !== '' && !tooLarge && form.isValid();
  const request = toRequest(form.getValues()) as ImportRequest;
  const invalidRows = preview?.rows.filter((row) => row.errors.length > 0).length ?? 0;

  const changeCsv = (text: string) => {
    form.setValues({
      csv: text,
      ...(format === 'broker' && { mapping: guessMapping(csvHeader(text)) }),
    });
    setPreview(null);
  };

  const runPreview = () =>
    previewCall.mutate(request, {
      onSuccess: setPreview,
      onError: (error) => showErrorToast(error.message, 'The file could not be read'),
    });

  const runImport = () =>
    importCall.mutate(request, {
      onSuccess: (imported) => {
        showSuccessToast(`${String(imported)} transactions imported.`, 'Import done');
        form.setFieldValue('csv', '');
        setPreview(null);
      },
      onError: (error) => showErrorToast(error.message, 'Nothing was imported'),
    });

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadExport();
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : String(error), 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Import and export">
        Bring your transactions from a CSV file, ours or your broker’s, and take them with you.
      </PageHeader>
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Export">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4">
              Export
            </Title>
            <Text size="sm" c="dimmed">
              Every transaction of your portfolio as a CSV file in our format.
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={exporting}
            onClick={() => void runExport()}
          >
            Export CSV
          </Button>
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Import">
        <Stack gap="md">
          <Title order={2} size="h4">
            Import
          </Title>
          <SegmentedControl
            value={format}
            onChange={(value) => {
              const next: Format = value === 'broker' ? 'broker' : 'ours';
              form.setValues({
                format: next,
                ...(next === 'broker' && { mapping: guessMapping(headers) }),
              });
              setPreview(null);
            }}
            data={[
              { value: 'ours', label: 'Our format' },
              { value: 'broker', label: 'Broker export' },
            ]}
            aria-label="File format"
          />
          {format === 'ours' ? (
            <Text size="sm" c="dimmed">
              Columns, in order: <code>{CSV_COLUMNS.join(',')}</code>. Types: buy, sell, dividend,
              fee, split. Dates as YYYY-MM-DD.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Choose which column of your broker’s file holds each field.
            </Text>
          )}
          <FileInput
            label="Upload a CSV file"
            placeholder="Choose a file"
            accept=".csv,text/csv,text/plain"
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            clearable
            onChange={(file) => {
              if (file) void file.text().then(changeCsv);
            }}
          />
          <Textarea
            label="Or paste it here"
            autosize
            minRows={4}
            maxRows={14}
            value={csv}
            error={tooLarge ? 'The file is larger than 2 MB.' : undefined}
            onChange={(event) => changeCsv(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          {format === 'broker' && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {MAPPING_FIELDS.map(({ field, label, required }) => (
                <Select
                  key={field}
                  label={label}
                  required={required}
                  placeholder={headers.length ? 'Column' : 'Paste the file first'}
                  data={headers}
                  value={mapping[field] ?? null}
                  clearable={!required}
                  onChange={(value) => {
                    form.setFieldValue('mapping', { ...mapping, [field]: value ?? undefined });
                    setPreview(null);
                  }}
                />
              ))}
            </SimpleGrid>
          )}
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden="true" />}
              disabled={!ready}
              loading={previewCall.isPending}
              onClick={runPreview}
            >
              Preview
            </Button>
            <Button
              leftSection={<IconFileImport size={16} aria-hidden="true" />}
              disabled={!ready || preview === null || !preview.valid}
              loading={importCall.isPending}
              onClick={runImport}
            >
              Import
            </Button>
          </Group>
          {preview && !preview.valid && (
            <Alert color="red" title="Nothing will be imported">
              {invalidRows === 1 ? '1 row has' : `${String(invalidRows)} rows have`} errors: fix the
              file and preview it again. A file is imported only when every row is valid.
            </Alert>
          )}
          {preview?.valid && (
            <Alert color="teal" title="Ready to import">
              {preview.rows.length} transactions, all valid.
            </Alert>
          )}
          {preview && <PreviewTable preview={preview} />}
        </Stack>
      </Card>
    </Stack>
  );
}
