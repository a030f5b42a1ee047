export { DeviceDetailDrawer, type DeviceDetailDrawerProps } from './components/device-detail-drawer';
