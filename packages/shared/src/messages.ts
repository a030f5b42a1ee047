/**
 * Messages the spec gives word for word (SPEC sections 5 and 8), and the server's own. Chinese texts
 * are used exactly as written; each is also `common.messages.<key>` in both languages, and the server
 * puts the caller's language's text in `desc` (plugins/error-handler.ts).
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
  // Sync: the station is not connected to the gateway, so its settings cannot be pushed.
  deviceNotConnected: '同步失败，设备未连接！',
  // Sync: this server process does not run the gateway service (--services without gateway).
  gatewayNotRunning: '同步失败，设备网关未运行！',
  // A gateway process holds the station but did not answer in time (a cluster: NATS).
  gatewayNoAnswer: '设备网关无应答，请稍后重试！',
  invalidInput: '参数错误！',
  oldPasswordWrong: '原密码错误！',
  builtInProtected: '内置数据不能删除！',
  builtInReadOnly: '内置数据的标识不能修改！',
  tooManyRequests: '请求过于频繁，请稍后再试！',
  inUse: '数据正在使用，无法删除！',
  oauthNotConfigured: '未配置第三方登录！',
  fileTooLarge: '文件过大！',
  internalError: '系统错误！',
  // Device panel: groupings, virtual devices, monitor factors (issue 4).
  deployNameTaken: '分组名称已存在！',
  deployTypeLocked: '分组下已有设备，不能修改分组类型！',
  deviceAlreadyGrouped: '该设备已在同类分组中！',
  // The device form's project or address group is not a group of that type.
  deviceGroupUnknown: '所选项目或地址分组不存在！',
  virtualCodeTaken: '虚拟设备编码已存在！',
  factorCodeTaken: '监测因子编码已存在！',
  factorUnknown: '监测因子不存在！',
  virtualImportInvalid: '导入失败，文件中有错误的数据，未导入任何数据！',
  virtualImportUnreadable: '导入失败，无法读取文件，请使用虚拟设备导入模板！',
  // Alarms (issue 5).
  thresholdTaken: '该设备的此因子阈值已存在！',
  workOrderTransitionRefused: '操作失败，工单不能变更为该状态！',
  // WeChat alarm (issue 5): the webhook is missing, refused the message or could not be reached.
  wxAlarmNotConfigured: '请先配置并保存 Webhook 地址！',
  wxAlarmSendFailed: '发送失败，Webhook 返回了错误！',
  wxAlarmUnreachable: '发送失败，无法连接 Webhook 地址！',
  wxAlarmCodeRequired: '更换 Webhook 地址需要填写发送到该地址的动态码！',
  wxAlarmCodeWrong: '动态码错误或已过期！',
  // Settings › IoT card: a card number is one card, and a device holds one card at most.
  iotCardTaken: '物联网卡号已存在！',
  iotCardDeviceTaken: '该设备已绑定物联网卡！',
  // Settings › regular: one rule per symbol for a device's factor.
  dataRuleTaken: '该设备的此因子已有同类规则！',
  // Settings › dashboard: one configuration per user, and only admin prepares another user's.
  dashboardTaken: '该用户已有看板配置！',
  dashboardNotYours: '只能查看和修改自己的看板配置！',
  // Water station › outlier interval: one interval per factor (or station's factor) and month.
  outlierIntervalOverlap: '该因子在所选月份已有异常值区间！',
  // Settings › transfer format: an upstream's name is unique, and so is an MN among one upstream's devices.
  upstreamNameTaken: '上级平台名称已存在！',
  upstreamMnTaken: '该上级平台下的设备 MN 已存在！',
  // System › job: a job's name is unique in its group; a job's runs do not overlap unless it allows it.
  jobNameTaken: '该任务分组下已有同名任务！',
  jobRunning: '任务正在运行，请稍后再试！',
  jobDevicesImported: '成功添加{{count}}台设备！',
  jobDevicesUnknown: '导入失败，以下设备编码不存在，未添加任何设备：{{codes}}',
  // Settings › DevOps: a record's attachments.
  devopsFileType: '文件类型不支持！',
  devopsFileLimit: '附件数量已达上限！',
  devopsFileMissing: '请选择要上传的文件！',
  // Batch imports (devices, virtual devices): the file, its rows, the outcome. {{…}} are filled in the
  // caller's language by the server's error handler.
  importNoFile: '请选择要导入的 xlsx 文件！',
  devicesImported: '成功导入{{count}}台设备！',
  virtualDevicesImported: '成功导入{{count}}台虚拟设备！',
  deviceImportInvalid: '导入失败，共{{count}}处错误，未导入任何数据：{{problems}}',
  virtualImportProblems: '导入失败，文件中有错误的数据，未导入任何数据！共{{count}}处错误：{{problems}}',
  deviceCodeDuplicateInFile: '设备编码在文件中重复！',
  virtualCodeDuplicateInFile: '虚拟设备编码在文件中重复！',
  deviceCodeUnknown: '设备编码不存在！',
  factorsUnknown: '监测因子不存在！{{codes}}',
  xlsxNotXlsx: '文件格式不正确，请上传 xlsx 格式的 Excel 文件！',
  xlsxMissingColumns: '文件缺少必填列：{{columns}}，请使用导入模板！',
  xlsxEmpty: '文件中没有数据！',
  xlsxTooManyRows: '一次最多导入{{max}}行！',
  // Remote control of stations (issue 18): the command queue and the dynamic codes that guard dangerous commands.
  commandNotWithdrawable: '指令已下发，无法撤回！',
  commandNotSupported: '该设备不支持此指令！',
  commandQueueFull: '该设备待发送的指令过多，请稍后再试！',
  dynamicCodeRequired: '该操作需要动态码！',
  dynamicCodeNotEnrolled: '请先绑定动态码！',
  dynamicCodeWrong: '动态码错误！',
  dynamicCodeReused: '动态码已使用，请等待下一个动态码！',
  dynamicCodeLocked: '动态码错误次数过多，请稍后再试！',
} as const;

export type MessageKey = keyof typeof MESSAGES;
