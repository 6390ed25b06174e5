// Imported first: the AWS SDKs print upgrade notices (v3 on Node 20; v2, which virtual-alexa loads)
// that say nothing about the sandbox and bury its first lines.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
