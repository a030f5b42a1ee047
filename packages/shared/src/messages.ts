/**
 * Messages the spec gives word for word (SPEC sections 5 and 8). Chinese texts are used
 * exactly as written; the server puts them in `desc`.
 */
export const MESSAGES = {
  loginWrongCredentials: '用户名或密码错误！',
  loginFailed: '登录失败！',
  loginThrottled: '登录失败次数过多，请稍后再试！',
  operationSucceeded: '操作成功！',
  noPermission: '没有操作权限，请联系系统管理员！',
  notSignedIn: '登录已失效，请重新登录！',
  verificationFailed: 'Verification failed, please login again',
  deleteConfirm: '确认删除吗？',
  deleteConfirmTitle: '提示',
  exportFailed: '导出失败!',
  fullscreenUnsupported: 'you browser can not work',
  noRoles: '该用户未分配角色，无法获取用户信息！',
  userNameTaken: '用户名已存在！',
  roleNameTaken: '角色名已存在！',
  resourceCodeTaken: '资源编码已存在！',
  dictionaryEntryTaken: '字典项已存在！',
  notFound: '数据不存在！',
  deviceCodeTaken: '添加失败，新增的设备编码已存在！',
  deviceUpdateTaken: '更新失败，更新的设备已存在！',
  deviceUpdateBound: '操作失败，该设备已绑定非内置用户或监测因子！',
  deviceDeleteBound: '删除失败,该设备已绑定非内置用户或监测因子!',
  invalidInput: '参数错误！',
  oldPasswordWrong: '原密码错误！',
  builtInProtected: '内置数据不能删除！',
  builtInReadOnly: '内置数据的标识不能修改！',
  tooManyRequests: '请求过于频繁，请稍后再试！',
  inUse: '数据正在使用，无法删除！',
  oauthNotConfigured: '未配置第三方登录！',
  fileTooLarge: '文件过大！',
  internalError: '系统错误！',
} as const;

export type MessageKey = keyof typeof MESSAGES;
