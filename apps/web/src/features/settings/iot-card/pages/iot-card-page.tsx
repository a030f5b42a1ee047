import { ListPage } from '../../../../components/crud/list-page';
import { IOT_CARD_LIST } from '../iot-card-list';

/** Settings › IoT card, from its definition. */
export default function IotCardPage() {
  return <ListPage def={IOT_CARD_LIST} />;
}
