import { fireEvent, screen, within } from '@testing-library/react';

/** Finding what antd renders in jsdom: dialogs, form fields and their errors, select options, table rows. */

/** antd's large DOM makes a first render in jsdom slow. */
const FIND = { timeout: 10_000 };

/** The open dialog. */
export function dialog(): HTMLElement {
  const found = document.querySelector<HTMLElement>('.ant-modal');
  if (!found) throw new Error('no dialog');
  return found;
}

/** The error shown under the form field labelled `label`. */
export function fieldError(scope: HTMLElement, label: string): string {
  const item = within(scope).getByText(label).closest<HTMLElement>('.ant-form-item');
  if (!item) throw new Error(`no field ${label}`);
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

/** A form control by its id (antd's form name plus field name). */
export function field(scope: HTMLElement, id: string): HTMLInputElement {
  const found = scope.querySelector<HTMLInputElement>(`#${id}`);
  if (!found) throw new Error(`no field ${id}`);
  return found;
}

/** Picks an option of a select by its text, as a user would. */
export async function choose(scope: HTMLElement, id: string, text: string): Promise<void> {
  fireEvent.mouseDown(field(scope, id));
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' }, FIND);
  const option = options.at(-1);
  if (!option) throw new Error(`no option ${text}`);
  fireEvent.click(option);
}

/** The table row holding `text`. */
export async function rowOf(text: string): Promise<HTMLElement> {
  const row = (await screen.findByText(text, undefined, FIND)).closest<HTMLElement>('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
}
