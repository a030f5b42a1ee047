import { ListPage } from '../../../../components/crud/list-page';
import { TRANSFER_FORMAT_LIST } from '../transfer-format-list';

/** Settings › transfer format, from its definition. */
export default function TransferFormatSettingsPage() {
  return <ListPage def={TRANSFER_FORMAT_LIST} />;
}
