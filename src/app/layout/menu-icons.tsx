import {
  ArrowLeftRight, Ban, BookOpen, Building2, ChartColumn, CircleCheck, Circle, Clock, Contact, FileText, Folder, Globe, History, House,
  IdCard, Image, Inbox, KeyRound, LayoutDashboard, Layers, Link, List, MessageSquare, MessageSquareOff, MessagesSquare, Phone, Search, Send, Settings,
  Signature, Sparkles, Table, User, Users, Video, Wallet, type LucideIcon,
} from 'lucide-react'

/**
 * The icon names the server's menus carry (src/domain/menu-catalog.ts), drawn with lucide-react. A name the console
 * does not know yet (a newer server) gets a plain dot rather than a letter or nothing.
 */
const ICONS: Record<string, LucideIcon> = {
  send: Send, chart: ChartColumn, dashboard: LayoutDashboard, link: Link, globe: Globe, file: FileText, wallet: Wallet,
  video: Video, user: User, layers: Layers, clock: Clock, users: Users, table: Table, swap: ArrowLeftRight,
  sparkle: Sparkles, settings: Settings, search: Search, phone: Phone, message: MessageSquare, list: List, inbox: Inbox,
  image: Image, id: IdCard, home: House, folder: Folder, contact: Contact, check: CircleCheck, chat: MessagesSquare,
  building: Building2, book: BookOpen, ban: Ban, signature: Signature, 'opt-out': MessageSquareOff, key: KeyRound,
  history: History,
}

export const menuIcon = (name: string): LucideIcon => ICONS[name] ?? Circle

export function MenuIcon({ name, size = 16 }: { name: string; size?: number }) {
  const I = menuIcon(name)
  return <I aria-hidden size={size} strokeWidth={1.75} className="shrink-0" data-icon={ICONS[name] ? name : 'default'} />
}
