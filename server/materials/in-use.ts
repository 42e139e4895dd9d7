/**
 * Templates that use any of the materials `ids`: THE place for the template→material check of /aim/materialDelete
 * ("a material used by a template is refused with a message"). The template calls record which materials
 * a 5G card or a video frame uses (template_material, server/templates/materials.ts); a deleted template forgets
 * them. Runs inside the delete's transaction after the materials' rows are locked, so a template saved meanwhile
 * (it locks them `for share`) waits or sees them gone. Returns one entry per template, e.g. "5G: 促销卡片 (#12)".
 */
export { templatesUsing } from '../templates/materials'
