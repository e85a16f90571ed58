/**
 * The parts of a list screen, for screens that compose their own (ResourceList puts them together):
 * state in the URL, toolbar, search and filters, column chooser, table with selection, bulk bar, pages.
 */
export * from './types';
export * from './useListState';
export * from './ListFilters';
export * from './ColumnChooser';
export * from './ListTable';
export * from './TableWrap';
export * from './ListPagination';
export * from './ListToolbar';
export * from './useSelection';
export * from './cells';
export * from './pageInBrowser';
export * from './BulkBar';
export * from './bulkDelete';
