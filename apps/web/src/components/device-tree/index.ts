export { DeviceTree, type DeviceTreeProps } from './device-tree';
export {
  buildDeviceTree,
  type DeviceTreeNode,
  type TreeDevice,
  type TreeGroup,
  type TreeGrouping,
  type TreeMembership,
} from './build-device-tree';
