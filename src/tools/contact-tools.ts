// Domain `contacts`: the user's address book (name, email, phone, birthday, notes).
import { buildConditions } from './build-conditions.ts';
import { buildUpdate } from './build-update.ts';
import { date, defineInput, optional, text } from './define-input.ts';
import { defineTool, fail, failNotFound, succeed } from './define-tool.ts';
import { containsPattern, DEFAULT_LIST_LIMIT, LIMIT_FIELD, readRecords, toListOutcome } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['contacts'];
const COLUMNS = ['id', 'name', 'email', 'phone', 'birthday', 'notes'];
const CONTACT_ID = text('Id of the contact, as returned by add_contact or find_contacts.', 64);
const FIELDS = {
  email: optional(text('Email address.', 254)),
  phone: optional(text('Phone number, as the user gives it.', 40)),
  birthday: optional(date('Birthday, YYYY-MM-DD.')),
  notes: optional(text('Anything to remember about them.', 2000)),
};

const addContact = defineTool({
  name: 'add_contact',
  description: "Adds a person to the user's contacts.",
  tags: TAGS,
  input: defineInput({ name: text('Full name.', 200), ...FIELDS }),
  run: async (input, { database, userId, now, newId }) => {
    if (input.email !== undefined && !input.email.includes('@')) {
      return fail(`add_contact: email "${input.email}" is not an email address`);
    }
    const stamp = now.toISOString();
    const result = await database.write({
      sql:
        `INSERT INTO contacts (id, user_id, name, email, phone, birthday, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${
          COLUMNS.join(', ')
        }`,
      args: [
        newId(),
        userId,
        input.name,
        input.email ?? null,
        input.phone ?? null,
        input.birthday ?? null,
        input.notes ?? null,
        stamp,
        stamp,
      ],
    });
    return succeed({ created: readRecords(result)[0] });
  },
});

const findContacts = defineTool({
  name: 'find_contacts',
  description:
    "Finds the user's contacts whose name, email, phone or notes contain the query (all contacts, by name, without one). Use to look up someone's details.",
  tags: TAGS,
  input: defineInput({ query: optional(text('Part of a name, email, phone or note.', 200)), limit: LIMIT_FIELD }),
  run: async (input, { database, userId }) => {
    const where = buildConditions(userId);
    if (input.query !== undefined) {
      const pattern = containsPattern(input.query);
      where.add(
        "(name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\' OR notes LIKE ? ESCAPE '\\')",
        pattern,
        pattern,
        pattern,
        pattern,
      );
    }
    const result = await database.read({
      sql: `SELECT ${
        COLUMNS.join(', ')
      }, COUNT(*) OVER () AS total_count FROM contacts WHERE ${where.sql} ORDER BY name, id LIMIT ?`,
      args: [...where.args, input.limit ?? DEFAULT_LIST_LIMIT],
    });
    return toListOutcome(result);
  },
});

const updateContact = defineTool({
  name: 'update_contact',
  description: "Changes a contact's name, email, phone, birthday or notes. Only the fields given change.",
  tags: TAGS,
  input: defineInput({ contact_id: CONTACT_ID, name: optional(text('Full name.', 200)), ...FIELDS }),
  run: async (input, { database, userId, now }) => {
    if (input.email !== undefined && !input.email.includes('@')) {
      return fail(`update_contact: email "${input.email}" is not an email address`);
    }
    const changes = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      birthday: input.birthday,
      notes: input.notes,
    };
    const statement = buildUpdate({
      table: 'contacts',
      id: input.contact_id,
      userId,
      now,
      returning: COLUMNS,
      changes,
    });
    if (statement === null) {
      return fail('update_contact: nothing to change: give at least one of name, email, phone, birthday, notes');
    }
    const contact = readRecords(await database.write(statement))[0];
    return contact === undefined ? failNotFound('contact', input.contact_id) : succeed({ updated: contact });
  },
});

const deleteContact = defineTool({
  name: 'delete_contact',
  description: 'Deletes a contact for good.',
  tags: TAGS,
  input: defineInput({ contact_id: CONTACT_ID }),
  run: async (input, { database, userId }) => {
    const result = await database.write({
      sql: 'DELETE FROM contacts WHERE id = ? AND user_id = ? RETURNING id, name',
      args: [input.contact_id, userId],
    });
    const contact = readRecords(result)[0];
    return contact === undefined ? failNotFound('contact', input.contact_id) : succeed({ deleted: contact });
  },
});

/** The `contacts` domain tools. Every statement is scoped to the calling user. */
export const CONTACT_TOOLS: readonly ToolPackEntry[] = [addContact, findContacts, updateContact, deleteContact];
