export { shortLinkCommands, TOOLS_PATH } from './short-links.commands'
