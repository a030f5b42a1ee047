import type { Endpoint, Page } from '@envmon/shared';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { FormInstance, GlobalToken, SelectProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { VocabularyLang } from './cell-render';
import type { PageRequest } from './table-parts';

/**
 * A settings list as a definition (STYLE.md rule 11) for lists whose calls are not the generic CRUD's
 * (`/rest/get` scoped to the header's project, files, dependent pickers): columns, filters, the form
 * checked with the shared zod schema, row actions and panels. `ListPage` renders it. Labels are i18n keys.
 * A row is named by its `id` unless the definition names another field (`rowKey`).
 */
export type ListRow = object;

/** The value naming a row: its `rowKey` field (by default `id`). */
export function rowKeyOf<Row extends ListRow>(def: { rowKey?: Extract<keyof Row, string> }, row: Row): string | number {
  return (row as Record<string, unknown>)[def.rowKey ?? 'id'] as string | number;
}

/** A select's choices, labelled in the console language. */
export type ListOptions = (t: TFunction) => { value: string | number; label: string }[];

/**
 * A hook giving a picker's choices (loaded, or in the console language), from the value of the field the
 * picker depends on (`dependsOn`; undefined when it depends on none): the factors of the chosen device's type.
 */
export type ListPicker = (dependency: unknown) => { options: SelectProps['options']; loading?: boolean };

interface PickerBase {
  usePicker: ListPicker;
  /** The field (of the same form) whose value the choices follow. */
  dependsOn?: string;
  /** Typing filters the choices by their labels. */
  search?: boolean;
}

/** A form select holding several values (an array, in the order they were chosen), at most `maxCount` of them. */
interface MultipleBase {
  multiple?: boolean;
  maxCount?: number;
}

/**
 * Sets other fields from the choice just made (a user's role defaults when a row is added). `option`: the
 * chosen option as the picker's hook gave it; `editing`: a row is being edited.
 */
export type ListPick = (option: unknown, form: FormInstance, editing: boolean) => void;

/** What a custom cell may use besides its row. */
export interface ListCellContext<Row> {
  t: TFunction;
  token: GlobalToken;
  /** The console's language for names stored in both (factors, vocabularies). */
  lang: VocabularyLang;
  /** When the list was last loaded (e.g. days left counted as of then). */
  loadedAt: number;
  /** Opens one of the definition's panels on a row. */
  open: (panel: string, row: Row) => void;
}

type Field<Row> = Extract<keyof Row, string>;

/** How a column shows its row; blanks show as EMPTY_CELL. */
export type ListCell<Row> =
  | { kind: 'text'; name: Field<Row> }
  /** A code shown by its label; `labelKey` names the code's i18n key. */
  | { kind: 'label'; name: Field<Row>; labelKey: (code: string) => string }
  /** A list of codes shown by their labels, in order. */
  | { kind: 'labels'; name: Field<Row>; labelKey: (code: string) => string }
  /** A code as a tag in its colour. */
  | { kind: 'tag'; name: Field<Row>; labelKey: (code: string) => string; colors: Readonly<Record<string, string>> }
  | { kind: 'date'; name: Field<Row> }
  | { kind: 'datetime'; name: Field<Row> }
  /** `from – to`, both date-times (an open end shows as EMPTY_CELL). */
  | { kind: 'range'; from: Field<Row>; to: Field<Row> }
  | { kind: 'custom'; render: (row: Row, ctx: ListCellContext<Row>) => ReactNode };

export type ListColumn<Row> = ListCell<Row> & {
  key: string;
  title: string;
  width: number;
  fixed?: 'left' | 'right';
  align?: 'right';
  ellipsis?: boolean | { showTitle: boolean };
};

interface FilterBase {
  name: string;
  label: string;
  placeholder?: string;
  /** Defaults to the definition's filterWidth. */
  width?: number;
}

/** Filters apply on search; text is trimmed (blank is no filter), a range becomes its two bounds. */
export type ListFilter =
  | (FilterBase & { kind: 'text' })
  | (FilterBase & { kind: 'select'; options: ListOptions })
  /** The devices of the header's project. */
  | (FilterBase & { kind: 'device' })
  | (FilterBase & PickerBase & { kind: 'picker' })
  /** Date-times from … to, sent as `names` (whole seconds, the end through its last millisecond). */
  | (FilterBase & { kind: 'dateTimeRange'; names: readonly [string, string] })
  /** A checkbox: sent as `true` when ticked, left out otherwise. */
  | (FilterBase & { kind: 'switch' });

interface FieldBase {
  name: string;
  label: string;
  /** Marked as required (the schema decides). */
  required?: boolean;
  /** i18n key of a hint under the field. */
  extra?: string;
  /** Columns of 24 when fields sit side by side. */
  span?: number;
  /** Fixed once added (it names the row): disabled when editing, its hint shown only when adding. */
  createOnly?: boolean;
  /** Shown and sent, never editable here (e.g. a user who may only name themselves). */
  disabled?: boolean;
  /** Shown only while the form's values pass (a data rule's parameters for its symbol); hidden, it keeps its value. */
  showWhen?: (values: Record<string, unknown>) => boolean;
}

export type ListField =
  | (FieldBase & { kind: 'text'; maxLength?: number; allowClear?: boolean; placeholder?: string })
  | (FieldBase & { kind: 'textarea'; rows: number; maxLength?: number; showCount?: boolean })
  | (FieldBase & { kind: 'number'; min?: number; max?: number; precision?: number })
  | (FieldBase & MultipleBase & { kind: 'select'; options: ListOptions })
  | (FieldBase & PickerBase & MultipleBase & { kind: 'picker'; allowClear?: boolean; onPick?: ListPick })
  | (FieldBase & MultipleBase & { kind: 'device'; allowClear?: boolean })
  | (FieldBase & { kind: 'date' })
  | (FieldBase & { kind: 'datetime' })
  /** On or off (a boolean). */
  | (FieldBase & { kind: 'switch' })
  /** Not a field: a divider titled `label` over the fields after it, with an optional hint (`extra`). */
  | (FieldBase & { kind: 'section' });

/**
 * What a definition's form holds (STYLE.md rule 3: the input schema's own fields, not restated): each field
 * possibly not yet entered or cleared (null), `Controls` naming those whose control holds another type than the
 * input (a date picker's Dayjs, a select's sentinel).
 */
export type ListFormValues<Input, Controls extends object = Record<never, never>> = {
  [Name in keyof Input]?: (Name extends keyof Controls ? Controls[Name] : Input[Name]) | null;
};

/** A button in a row's actions column: the built-in edit and delete, or opening a panel. */
export type ListAction<Row> =
  /** `refuse`: i18n key of why a row can't be edited (the button is disabled, the reason its tooltip). */
  | { kind: 'edit'; testId?: boolean; refuse?: (row: Row) => string | undefined }
  /**
   * `refuse`: i18n key of why a row can't be deleted (the button is disabled, the reason its tooltip).
   * `wording`: where deleting is something else (revoking a record), the button's label and icon and the
   * confirmation's title, text and button (i18n keys); the test id names it `delete` all the same.
   */
  | {
      kind: 'delete';
      testId?: boolean;
      refuse?: (row: Row) => string | undefined;
      wording?: { label: string; icon: ReactNode; title: string; confirm: string; ok: string };
    }
  /** `write: false`: offered to readers too. */
  | { kind: 'open'; panel: string; label: string; icon: ReactNode; testId?: boolean; write?: boolean };

export interface ListEndpoints {
  /** Every read of the list sits under this key; a write invalidates it. */
  keyRoot: QueryKey;
  /** The shared declarations of the writes (packages/shared/src/api), called through callEndpoint. */
  add: Endpoint<'POST'>;
  /** A POST, or a PUT where the contract updates that way (jobs). */
  update: Endpoint<'POST'> | Endpoint<'PUT'>;
  /** Deleted by `GET ?<rowKey>=`, by a POST of `removeBody(<row key>)`, or by `DELETE …/:id`. */
  remove: Endpoint<'GET'> | Endpoint<'POST'> | Endpoint<'DELETE'>;
  removeBody?: (key: string | number) => unknown;
  /** Other screens' caches a write refreshes too, after the list's (e.g. a query screen showing these rows). */
  alsoInvalidate?: readonly QueryKey[];
}

export type ListQuery = Record<string, unknown> & PageRequest & { projectId?: number };

/** `K`: the list's query key, as its queryOptions factory types it. */
export interface ListDefinition<Row extends ListRow, K extends QueryKey = QueryKey> {
  /** Resource code: writes need its write code. */
  permission: string;
  /** The card's test id; none for a tab of ListTabs (rendered `embedded`, inside the tabs' card). */
  pageTestId?: string;
  /** Prefix of the other test ids: `${testId}-add|table|empty|filter`, `${testId}-<action>-<row key>`. */
  testId: string;
  /** The field naming a row in test ids, updates and deletes; 'id' by default. */
  rowKey?: Extract<keyof Row, string>;
  /** i18n key of a line above the list. */
  help?: string;
  endpoints: ListEndpoints;
  /** A page of rows for the filters, page and project. */
  listQuery: (query: ListQuery) => UseQueryOptions<Page<Row>, Error, Page<Row>, K>;
  columns: readonly ListColumn<Row>[];
  filters: readonly ListFilter[];
  filterWidth: number;
  /** 'below': the buttons on a row under the filters; 'beside': to their right. */
  toolbar: 'below' | 'beside';
  /** i18n key of the add button; none where rows are made elsewhere (with no `form` either). */
  addLabel?: string;
  /** Shown beside the add button (e.g. a count of what needs attention). */
  summary?: ComponentType<{ projectId?: number }>;
  /** i18n key of what an empty list says. */
  empty: string;
  scrollX?: 'max-content';
  /** The table's density; 'small' by default. */
  tableSize?: 'small' | 'middle';
  actions: {
    /** 'link': link buttons; 'button': small buttons. */
    style: 'link' | 'button';
    width: number;
    /** The column's width for readers when it keeps actions for them. */
    readWidth?: number;
    fixed?: 'right';
    items: readonly ListAction<Row>[];
  };
  /** Drawers and the like, opened by actions and cells. */
  panels?: Readonly<Record<string, (row: Row, onClose: () => void) => ReactNode>>;
  /**
   * A dialog of the list's own for adding and editing, where the generic fields cannot say the form (a job's
   * parameters that change with its type, its cron helper); it saves through the list's endpoints itself.
   */
  formModal?: ComponentType<ListFormModalOwnProps<Row>>;
  /** The add/edit form; none where rows are made elsewhere (an audit's records come from the workbench). */
  form?: {
    /** The server's own input schema (STYLE.md rule 3). */
    schema: z.ZodType;
    fields: readonly ListField[];
    addTitle: string;
    editTitle: string;
    width: number;
    /** Labels beside the fields, this many of 24 columns; absent: above them. */
    labelSpan?: number;
    testId: string;
    /** The form's starting values for a row, or for a new one. */
    toFormValues: (row: Row | undefined) => object;
    /** The form's values as the schema reads them. */
    toInput: (values: Record<string, unknown>) => unknown;
    /** A panel opened on the row just added (e.g. to attach its files). */
    afterCreate?: string;
  };
}

/** What ListPage hands a list's own add/edit dialog. */
export interface ListFormModalOwnProps<Row> {
  /** The row being edited; absent to add one. */
  row?: Row;
  onClose: () => void;
}

/** A list whose rows are added here: its add button and form are there. */
export type CreatingListDefinition<Row extends ListRow, K extends QueryKey = QueryKey> = ListDefinition<Row, K> &
  Required<Pick<ListDefinition<Row, K>, 'form' | 'addLabel'>>;
