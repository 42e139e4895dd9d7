// Runtime settings read by the console before it starts, so one build can point at another API host.
window.SMS_CONFIG = { apiBase: '/api', frameOrigins: [] }
