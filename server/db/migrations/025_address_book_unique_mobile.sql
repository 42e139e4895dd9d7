-- A contact's mobile is unique within its group (issue 12): the add, change and move calls answer 409 on a clash,
-- and two concurrent adds cannot both pass the check. Before this migration the address book was only seeded,
-- with distinct mobiles per group, so no existing row conflicts.
create unique index ab_contact_group_mobile_uq on ab_contact (group_id, mobile);
