import type { Locale } from './constants'
import { OPT_OUT_MESSAGES } from './opt-outs'
import { TEMPLATE_MESSAGES } from './template-limits'

/**
 * Server-side messages (spec section 8), worded in both languages. The server answers in the caller's
 * Accept-Language; the console shows `msg` as it comes. Client-side words live in src/i18n.
 */
export const SERVER_MESSAGES = {
  ok: { 'zh-CN': '操作成功', en: 'Done' },
  unknown: { 'zh-CN': '未知错误', en: 'Unknown error' },
  diskFull: {
    'zh-CN': '服务器的磁盘已满，本次操作没有保存任何内容；请管理员释放磁盘空间后重试',
    en: "The server's disk is full, so nothing of this request was saved; ask the operator to free disk space, then try again",
  },
  serviceUnavailable: {
    'zh-CN': '服务暂时不可用（数据库没有响应），请 {seconds} 秒后重试',
    en: 'The service is unavailable for the moment (its database is not answering); try again in {seconds} seconds',
  },
  badRequest: { 'zh-CN': '请求参数有误', en: 'Invalid request' },
  unauthorized: { 'zh-CN': '登录已过期，请重新登录', en: 'Your session has expired; please sign in again' },
  sessionRevoked: {
    'zh-CN': '登录已在别处退出或被撤销（退出登录、修改密码），请重新登录',
    en: 'Your session was ended elsewhere (a sign out there, or a password change); please sign in again',
  },
  sessionAccountClosed: { 'zh-CN': '账号已停用，登录已失效', en: 'Your account has been closed; its sessions have ended' },
  forbidden: { 'zh-CN': '没有权限', en: 'Not permitted' },
  crossSiteRefused: { 'zh-CN': '拒绝来自其他站点的请求', en: 'Request from another site refused' },
  misdirectedHost: {
    'zh-CN': '此服务器不提供该域名的服务，请使用控制台的正式地址访问',
    en: 'This server does not serve that host name; open the console at its own address',
  },
  sendBusy: {
    'zh-CN': '服务器正在处理较多发送或预览，请 {seconds} 秒后重试',
    en: 'The server is handling many sends and previews right now; try again in {seconds} seconds',
  },
  notFound: { 'zh-CN': '资源不存在', en: 'Not found' },
  batchNotFound: { 'zh-CN': '批次 {batch} 不存在或无权查看', en: 'The batch {batch} does not exist or is not yours to see' },
  recordNotFound: { 'zh-CN': '发送记录不存在或无权查看', en: 'The sent record does not exist or is not yours to see' },
  resendUnsupported: {
    'zh-CN': '只有国内短信批次可以重发，视频、5G 和国际短信请重新发送',
    en: 'Only domestic SMS batches can be resent; send video, 5G and international messages again from their send page',
  },
  resendNothing: { 'zh-CN': '该批次没有可以重发的号码', en: 'This batch has no numbers to resend to' },
  resendDone: {
    'zh-CN': '该批次已重发过，见批次 {batch}',
    en: 'This batch was already resent: see batch {batch}',
  },
  cancelNothing: {
    'zh-CN': '该批次没有尚未发出的短信可以取消',
    en: 'Nothing of this batch is still waiting to go out, so nothing can be cancelled',
  },
  interactNotInBatch: {
    'zh-CN': '该批次发送时没有答复页，内容中不能加入 {marker}',
    en: 'This batch was sent without answer pages, so its content cannot gain {marker}',
  },
  tooManyDownloads: {
    'zh-CN': '同时进行的下载最多 {max} 个，请等当前下载完成后再试',
    en: 'At most {max} downloads can run at once; try again when one has finished',
  },
  tooManyRequests: { 'zh-CN': '操作过于频繁，请 {seconds} 秒后再试', en: 'Too many requests, try again in {seconds} seconds' },
  loginSuccess: { 'zh-CN': '登录成功', en: 'Signed in' },
  loginFailure: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  captchaWrong: { 'zh-CN': '验证码错误或已过期', en: 'Wrong or expired captcha' },
  loginLocked: {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins, try again in {minutes} minutes',
  },
  accountClosed: { 'zh-CN': '账号已停用', en: 'This account is closed' },
  codeSent: { 'zh-CN': '验证码已发送', en: 'Code sent' },
  codeSendFailure: { 'zh-CN': '验证码发送失败', en: 'The code could not be sent' },
  codeTooSoon: { 'zh-CN': '验证码刚刚发出，请 {seconds} 秒后再获取', en: 'A code was just sent; you can ask again in {seconds} seconds' },
  codeSendLimited: {
    'zh-CN': '获取验证码次数已达上限，请 {minutes} 分钟后再试',
    en: 'Too many codes requested; try again in {minutes} minutes',
  },
  codeExhausted: {
    'zh-CN': '短信验证码错误次数过多，已失效，请重新获取',
    en: 'Too many wrong tries: this SMS code no longer works, ask for a new one',
  },
  loginAccountLimited: {
    'zh-CN': '该账号近期登录失败次数过多，请 {minutes} 分钟后再试，或使用短信验证码登录',
    en: 'Too many failed sign-ins to this account; try again in {minutes} minutes, or sign in with an SMS code',
  },
  codeWrong: { 'zh-CN': '短信验证码错误', en: 'Wrong SMS code' },
  codeExpired: { 'zh-CN': '短信验证码已过期', en: 'The SMS code has expired' },
  codeUsed: { 'zh-CN': '短信验证码已使用', en: 'The SMS code has already been used' },
  phoneMismatch: { 'zh-CN': '手机号与账号绑定的号码不一致', en: 'This is not the mobile number bound to the account' },
  noMobile: { 'zh-CN': '该账号未绑定手机号', en: 'This account has no bound mobile number' },
  epExists: { 'zh-CN': '企业ID已存在', en: 'This enterprise ID is taken' },
  registerSuccess: { 'zh-CN': '注册成功，请登录', en: 'Registered, please sign in' },
  passwordRefused: { 'zh-CN': '密码错误，请重新输入', en: 'Wrong password, please enter it again' },
  fieldsInvalid: { 'zh-CN': '请检查标出的输入项', en: 'Please check the marked fields' },
  passwordChanged: { 'zh-CN': '修改密码成功', en: 'Password changed' },
  mobileBound: { 'zh-CN': '绑定手机号成功', en: 'Mobile number linked' },
  mobileUnchanged: { 'zh-CN': '该手机号已是当前绑定的号码', en: 'This mobile is already the bound one' },
  cusNameChanged: { 'zh-CN': '名称已保存', en: 'Name saved' },
  certified: { 'zh-CN': '实名认证信息已保存', en: 'Identity certification saved' },
  passwordDecrypt: { 'zh-CN': '密码解析失败，请刷新页面', en: 'The password could not be read, please reload the page' },
  logoutSuccess: { 'zh-CN': '已退出登录', en: 'Signed out' },
  insufficientBalance: { 'zh-CN': '余额不足', en: 'Insufficient balance' },
  balanceLimit: { 'zh-CN': '金额过大：到账后余额将超过上限 {max} 元', en: 'Amount too large: the balance would pass its limit of {max} yuan' },
  templateExists: { 'zh-CN': '已有相同内容的模板（待审核或已通过）', en: 'A template with this content already exists (pending or approved)' },
  balanceQueryError: { 'zh-CN': '余额账户查询异常', en: 'Balance account query exception' },
  linkMessageTooLong: {
    'zh-CN': '填入短链接后短信有 {chars} 个字符，超过上限 {max} 个字符',
    en: 'With its short link the message has {chars} characters, over the limit of {max}',
  },
  messageTooLong: {
    'zh-CN': '第 {row} 行的短信填充后有 {chars} 个字符，超过上限 {max} 个字符',
    en: 'Row {row}: the filled message has {chars} characters, over the limit of {max}',
  },
  invalidNumber: { 'zh-CN': '号码格式错误', en: 'Invalid number format' },
  ueFileEmpty: { 'zh-CN': '文件中没有有效的手机号码', en: 'The file holds no valid mobile number' },
  ueAlreadyStarted: { 'zh-CN': '该文件已提交检测', en: 'This file has already been submitted for checking' },
  ueNotDone: { 'zh-CN': '该文件尚未检测完成，暂无结果可下载', en: 'This file has not finished checking; there is no result to download yet' },
  ueRefundRemark: { 'zh-CN': '5G终端检测 {batchId} 失败，自动退款', en: 'UE check {batchId} failed: automatic refund' },
  accountRequired: { 'zh-CN': '请选择发送账号', en: 'Choose the sending account' },
  invalidSenderId: {
    'zh-CN': '发送方ID只能由字母和数字组成，最多 11 位',
    en: 'The sender ID may contain only letters and digits, at most 11',
  },
  productNotActivated: {
    'zh-CN': '该产品尚未开通，请提交申请开通',
    en: 'This product is not yet activated; submit a request to activate it',
  },
  pushUrlSaved: { 'zh-CN': '推送地址已保存', en: 'Push address saved' },
  pushUrlCleared: { 'zh-CN': '推送地址已清除，不再推送状态报告', en: 'Push address cleared; reports are no longer pushed' },
  pushUrlRefused: {
    'zh-CN': '推送地址只能是公网地址（{address} 不是公网地址）',
    en: 'The push address must be a public address ({address} is not one)',
  },
  errorLogReceived: { 'zh-CN': '错误日志已上传', en: 'Error log uploaded' },
  balanceWarnSms: {
    'zh-CN': '【云短信】您的账户 {cusId} 余额为 {balance} 元，已低于预警值 {threshold} 元，请及时充值。',
    en: '[SMS Cloud] The balance of account {cusId} is {balance} yuan, below the warning threshold of {threshold} yuan. Please recharge.',
  },
  noticeBalanceLowTitle: { 'zh-CN': '余额预警', en: 'Low balance' },
  noticeBalanceLowBody: {
    'zh-CN': '账户 {cusId} 余额为 {balance} 元，已低于预警值 {threshold} 元，已短信通知预警手机号。',
    en: 'The balance of account {cusId} is {balance} yuan, below the warning threshold of {threshold} yuan; the warning mobiles were texted.',
  },
  balanceWarnSaved: { 'zh-CN': '余额预警已保存', en: 'Balance warning saved' },
  abGroupSaved: { 'zh-CN': '分组“{name}”已保存', en: 'Group "{name}" saved' },
  abGroupDeleted: { 'zh-CN': '分组“{name}”已删除（含 {count} 个联系人）', en: 'Group "{name}" deleted (with {count} contacts)' },
  abGroupNotFound: { 'zh-CN': '分组不存在或无权操作', en: 'The group does not exist or is not yours to edit' },
  abGroupNameTaken: { 'zh-CN': '已有名为“{name}”的分组', en: 'A group named "{name}" exists already' },
  abGroupHasMembers: {
    'zh-CN': '分组“{name}”还有 {count} 个联系人，确认一并删除后才能删除',
    en: 'The group "{name}" still holds {count} contacts; confirm deleting them too to delete it',
  },
  abMemberSaved: { 'zh-CN': '联系人“{name}”已保存', en: 'Contact "{name}" saved' },
  abMembersDeleted: { 'zh-CN': '已删除 {count} 个联系人', en: '{count} contacts deleted' },
  abMembersMoved: { 'zh-CN': '已将 {count} 个联系人移到分组“{name}”', en: '{count} contacts moved to the group "{name}"' },
  abMemberNotFound: { 'zh-CN': '联系人不存在或无权操作', en: 'The contact does not exist or is not yours to edit' },
  abMembersNotFound: {
    'zh-CN': '{count} 个所选联系人不存在或无权操作，未做任何更改',
    en: '{count} of the selected contacts do not exist or are not yours to edit; nothing was changed',
  },
  abImportRowRefused: {
    'zh-CN': '第 {line} 行有误（{field}: {reason}），未导入任何联系人',
    en: 'Line {line} is wrong ({field}: {reason}); no contact was imported',
  },
  abImportNotRows: { 'zh-CN': '导入内容无法读取，未导入任何联系人', en: 'The import could not be read; no contact was imported' },
  abImportEmpty: { 'zh-CN': '没有可导入的联系人', en: 'There is no contact to import' },
  abImportTooMany: { 'zh-CN': '一次最多导入 {max} 个联系人', en: 'At most {max} contacts can be imported at once' },
  abImportNotFound: { 'zh-CN': '导入不存在或已过期，请重新上传', en: 'The import does not exist or has expired; upload the file again' },
  abImportUploaded: { 'zh-CN': '已检查 {rows} 行，将新增 {add} 个联系人', en: '{rows} rows checked; {add} contacts will be added' },
  abImportDone: {
    'zh-CN': '已向分组“{name}”导入 {added} 个联系人（{duplicates} 个重复未导入）',
    en: '{added} contacts imported into the group "{name}" ({duplicates} duplicates left out)',
  },
  abMobileTaken: { 'zh-CN': '分组“{name}”中已有手机号 {mobile}', en: 'The group "{name}" already holds the mobile {mobile}' },
  appSecretRotated: { 'zh-CN': '已重置 AppSecret，旧的立即失效', en: 'App secret rotated; the old one no longer works' },
  noticesRead: { 'zh-CN': '已标记为已读', en: 'Marked as read' },
  timedPauseSuccess: { 'zh-CN': '暂停成功', en: 'Batch paused' },
  timedPauseFailure: { 'zh-CN': '暂停失败：只能暂停待发送的批次', en: 'Pause failed: only a batch waiting to be sent can be paused' },
  timedRecoverSuccess: { 'zh-CN': '恢复成功', en: 'Batch recovered' },
  timedRecoverFailure: { 'zh-CN': '恢复失败：只能恢复已暂停的批次', en: 'Recover failed: only a paused batch can be recovered' },
  timedInterceptSuccess: { 'zh-CN': '拦截成功', en: 'Batch intercepted' },
  timedInterceptFailure: {
    'zh-CN': '拦截失败：只能拦截待发送或已暂停的批次',
    en: 'Intercept failed: only a batch waiting to be sent or paused can be intercepted',
  },
  timedEditSuccess: { 'zh-CN': '修改成功', en: 'Content updated' },
  timedEditFailure: {
    'zh-CN': '修改失败：只能修改待发送或已暂停批次的内容',
    en: 'Edit failed: only the content of a batch waiting to be sent or paused can be changed',
  },
  timedContentEmpty: { 'zh-CN': '短信内容不能为空', en: 'Enter the message content' },
  addSuccess: { 'zh-CN': '添加成功', en: 'Added' },
  updateSuccess: { 'zh-CN': '修改成功', en: 'Updated' },
  deleteSuccess: { 'zh-CN': '删除成功', en: 'Deleted' },
  accountExists: { 'zh-CN': '账号 {account} 已存在', en: 'The account {account} already exists' },
  accountNotFound: { 'zh-CN': '账号 {account} 不存在或无权操作', en: 'The account {account} does not exist or is not yours to manage' },
  accountAlreadyClosed: { 'zh-CN': '账号 {account} 已是停用状态', en: 'The account {account} is already closed' },
  accountAlreadyOpen: { 'zh-CN': '账号 {account} 已是启用状态', en: 'The account {account} is already open' },
  accountIsClosed: { 'zh-CN': '账号 {account} 已停用，请先启用', en: 'The account {account} is closed; open it first' },
  accountClosedOk: { 'zh-CN': '账号 {account} 已停用，其登录已全部失效', en: 'Account {account} closed; all its sessions have ended' },
  accountOpenedOk: { 'zh-CN': '账号 {account} 已启用', en: 'Account {account} opened' },
  customerAdded: { 'zh-CN': '客户 {account} 已创建', en: 'Customer {account} created' },
  customerQuotaSet: { 'zh-CN': '客户 {account} 的素材存储配额已设为 {quota}', en: 'The material storage quota of {account} is now {quota}' },
  customerQuotaDefault: { 'zh-CN': '默认（{quota}）', en: 'the default ({quota})' },
  subAccountAdded: { 'zh-CN': '子账号 {account} 已创建', en: 'Sub-account {account} created' },
  chargeSuccess: { 'zh-CN': '充值成功，{account} 余额 {balance}', en: 'Charged; the balance of {account} is {balance}' },
  transferSuccess: {
    'zh-CN': '划拨成功，{account} 余额 {balance}，本账号余额 {parentBalance}',
    en: 'Transferred; {account} now has {balance}, this account {parentBalance}',
  },
  initialPasswordWeak: {
    'zh-CN': '初始密码至少 8 位，且须包含大写字母、小写字母、数字和特殊字符',
    en: 'The initial password needs at least 8 characters with upper and lower case letters, digits and special characters',
  },
  unknownProduct: { 'zh-CN': '产品类型不存在', en: 'Unknown product type' },
  unknownCountry: { 'zh-CN': '国家代码不存在', en: 'Unknown country code' },
  tooManySubAccounts: { 'zh-CN': '子账号最多 {max} 个', en: 'At most {max} sub-accounts' },
  payPrepaid: { 'zh-CN': '预付费', en: 'Prepaid' },
  payPostpaid: { 'zh-CN': '后付费', en: 'Postpaid' },
  videoTypeStandard: { 'zh-CN': '普通模板', en: 'Standard' },
  videoTypeVariable: { 'zh-CN': '变量模板', en: 'With variables' },
  videoTemplateNotApproved: { 'zh-CN': '视频模板不存在或未审核通过', en: 'The video template does not exist or is not approved' },
  cspTemplateNotApproved: { 'zh-CN': '5G消息模板不存在或未审核通过', en: 'The 5G message template does not exist or is not approved' },
  cspChatbotMismatch: {
    'zh-CN': 'Chatbot 不可用或与模板不匹配',
    en: 'The chatbot is not available or does not match the template',
  },
  shortLinkNotFound: { 'zh-CN': '该链接不存在或已失效', en: 'This link does not exist or is no longer valid' },
  interactNotFound: { 'zh-CN': '该互动页面不存在或已过期', en: 'This page does not exist or has expired' },
  interactAnswered: { 'zh-CN': '回复已发送', en: 'Your answer was sent' },
  interactAnswersFull: { 'zh-CN': '该页面已达到回复上限 {max} 条', en: 'This page takes no more answers (at most {max})' },
  interactMessageTooLong: {
    'zh-CN': '填入互动页面链接后短信有 {chars} 个字符，超过上限 {max} 个字符',
    en: 'With its interaction page link the message has {chars} characters, over the limit of {max}',
  },
  fileHasNul: {
    'zh-CN': '文件含有空字符（NUL），不是 UTF-8 文本，请另存为 UTF-8 文本后重试',
    en: 'The file contains a NUL character and is not UTF-8 text; save it as UTF-8 text and try again',
  },
  materialNoFile: { 'zh-CN': '请选择要上传的文件', en: 'Choose a file to upload' },
  materialEmpty: { 'zh-CN': '文件为空（0 字节），请重新选择', en: 'The file is empty (0 bytes); choose another' },
  materialTypeRefused: {
    'zh-CN': '文件内容不是允许的格式，仅支持 {types}（按文件内容判断，与扩展名无关）',
    en: 'The file content is not an allowed format; only {types} (judged by content, not by the file name)',
  },
  materialTooLarge: { 'zh-CN': '文件过大，此类素材最大 {max}', en: 'The file is too large; this kind of material may be at most {max}' },
  materialTruncated: {
    'zh-CN': '文件不完整或已损坏（{type} 结构缺失），请重新导出后上传',
    en: 'The file is incomplete or damaged (its {type} structure is cut short); export it again and upload',
  },
  materialQuotaExceeded: {
    'zh-CN': '素材存储空间不足：已用 {used}，共 {quota}，此文件需要 {size}。请删除不再使用的素材后重试',
    en: 'Not enough material storage: {used} of {quota} used, and this file needs {size}. Delete materials you no longer need and try again',
  },
  uploadBusy: {
    'zh-CN': '服务器正在处理较多上传，请 {seconds} 秒后重试',
    en: 'The server is handling many uploads right now; try again in {seconds} seconds',
  },
  uploadBusyAccount: {
    'zh-CN': '本账户同时进行的上传过多，请等当前上传完成后再试',
    en: 'This account has too many uploads under way; wait for them to finish and try again',
  },
  materialNotFound: { 'zh-CN': '素材不存在或已删除', en: 'The material does not exist or has been deleted' },
  materialInUse: {
    'zh-CN': '素材正被模板使用，不能删除：{templates}',
    en: 'The material is used by a template and cannot be deleted: {templates}',
  },
  materialDeleted: { 'zh-CN': '已删除 {count} 个素材', en: 'Deleted {count} materials' },
  mediaLinkExpired: { 'zh-CN': '媒体链接已过期或无效', en: 'The media link has expired or is not valid' },
  apiSignatureMissing: {
    'zh-CN': '缺少签名请求头或格式有误（X-Sms-Account、X-Sms-Timestamp、X-Sms-Nonce、X-Sms-Signature）',
    en: 'Signature headers missing or malformed (X-Sms-Account, X-Sms-Timestamp, X-Sms-Nonce, X-Sms-Signature)',
  },
  apiSignatureInvalid: { 'zh-CN': '签名校验失败', en: 'The signature does not match' },
  apiTimestampSkew: {
    'zh-CN': '请求时间戳与服务器时间相差超过 {minutes} 分钟（服务器时间 {now}）',
    en: 'The request timestamp is more than {minutes} minutes from the server time ({now})',
  },
  apiNonceReplayed: { 'zh-CN': '该随机数（nonce）已使用过，每个请求须使用新的随机数', en: 'This nonce has been used already; every request needs a new one' },
  apiTooManyNumbers: { 'zh-CN': '每次请求最多 {max} 个号码', en: 'At most {max} numbers per request' },
  signatureMissing: {
    'zh-CN': '短信内容须以已审核通过的签名开头，例如【签名】；内容开头没有找到签名',
    en: 'The message must start with an approved signature such as 【Name】; none was found at its start',
  },
  signatureNotApproved: {
    'zh-CN': '内容开头的签名【{name}】不是本企业已审核通过的签名，请在“短信签名”中申请或选择已通过的签名',
    en: 'The signature 【{name}】 at the start is not an approved signature of this enterprise; apply for it under Signatures or choose an approved one',
  },
  signatureExists: { 'zh-CN': '已有待审核或已通过的签名“{name}”', en: 'A pending or approved signature “{name}” exists already' },
  signatureSubmitted: { 'zh-CN': '签名申请已提交，等待审核', en: 'Signature application submitted for review' },
  signatureOwnersOnly: { 'zh-CN': '子账号使用所属企业的签名，不能自行申请或修改', en: 'A sub-account uses its enterprise’s signatures and cannot apply for or change them' },
  signatureProofNotFound: { 'zh-CN': '证明文件不存在或不属于本账号', en: 'The proof file does not exist or is not this account’s' },
  signatureWithdrawn: { 'zh-CN': '签名“{name}”已撤回，不能再用于发送', en: 'Signature “{name}” withdrawn; it can no longer be sent with' },
  signatureWithdrawRefused: { 'zh-CN': '只能撤回待审核或已通过的签名', en: 'Only a pending or approved signature can be withdrawn' },
  signatureDeleted: { 'zh-CN': '签名“{name}”已删除', en: 'Signature “{name}” deleted' },
  signatureDeleteRefused: { 'zh-CN': '只能删除未通过或已撤回的签名，请先撤回', en: 'Only a refused or withdrawn signature can be deleted; withdraw it first' },
  signatureInUse: {
    'zh-CN': '定时批次 {batches} 尚未发送且使用该签名，不能撤回',
    en: 'Timed batches not yet sent use this signature ({batches}); it cannot be withdrawn',
  },
  signatureReviewed: { 'zh-CN': '该签名已审核，不能再次审核', en: 'This signature has already been reviewed' },
  signatureReviewDone: { 'zh-CN': '审核结果已保存', en: 'Review saved' },
  signatureApprovedTitle: { 'zh-CN': '签名审核通过', en: 'Signature approved' },
  signatureRefusedTitle: { 'zh-CN': '签名审核未通过', en: 'Signature refused' },
  signatureApprovedBody: { 'zh-CN': '签名【{name}】已审核通过，可以用于发送', en: 'The signature 【{name}】 was approved and can be sent with' },
  signatureRefusedBody: { 'zh-CN': '签名【{name}】未通过审核：{reason}', en: 'The signature 【{name}】 was refused: {reason}' },
  signatureGeneric: {
    'zh-CN': '“{name}”是通用词，不能表明发送方，请使用企业、产品、网站或商标的名称',
    en: '“{name}” is a generic word that names no sender; use the name of the enterprise, a product, a website or a trademark',
  },
  signatureTaken: { 'zh-CN': '签名“{name}”已由其他企业使用', en: 'The signature “{name}” is used by another enterprise' },
  signatureProofMissing: {
    'zh-CN': '来源为应用、网站、商标或公众号的签名须附证明文件（截图、证书或 PDF）',
    en: 'A signature from an app, a website, a trademark or a public account needs a proof file (a screenshot, a certificate or a PDF)',
  },
  marketingWiden: {
    'zh-CN': '不能超出平台默认：{start}–{end}，每个号码每天至多 {cap} 条',
    en: 'Cannot go past the platform’s default: {start}–{end}, at most {cap} a number a day',
  },
  marketingRuleSaved: { 'zh-CN': '营销时段与频次已保存', en: 'Marketing hours and cap saved' },
  marketingAllCapped: {
    'zh-CN': '全部 {count} 个号码今天已收到 {cap} 条营销短信，达到每日上限（退订 {opted} 个），未发送也未扣费',
    en: 'All {count} numbers have had today\u2019s cap of {cap} marketing messages ({opted} of them opted out); nothing was sent or billed',
  },
  ...TEMPLATE_MESSAGES,
  ...OPT_OUT_MESSAGES,
} as const satisfies Record<string, Record<Locale, string>>

export type ServerMessage = keyof typeof SERVER_MESSAGES

export function pickLocale(acceptLanguage: string | null | undefined): Locale {
  return acceptLanguage && /^en\b/i.test(acceptLanguage.trim()) ? 'en' : 'zh-CN'
}

export function serverMessage(key: ServerMessage, locale: Locale, vars: Record<string, string | number> = {}): string {
  return SERVER_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''))
}
