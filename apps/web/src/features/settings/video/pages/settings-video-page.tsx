import { ListPage } from '../../../../components/crud/list-page';
import { VIDEO_LIST } from '../video-list';

/** Settings 'video ys', from its definition. */
export default function SettingsVideoPage() {
  return <ListPage def={VIDEO_LIST} />;
}
