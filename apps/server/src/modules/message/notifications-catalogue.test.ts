import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ResourceSeed, ROLE_RESOURCES } from '../../db/seeds/resources.ts';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATIONS,
  notificationTable,
  partySides,
  RECORD_PAGES,
  SIDE_ROLES,
  type Side,
} from './notifications.ts';

/**
 * The catalogue is the source of docs/NOTIFICATIONS.md (its table is rendered from it) and of what
 * notify() sends; notifications.test.ts sends every row through the API. Regenerate the document's table
 * after a catalogue change with UPDATE_NOTIFICATIONS_DOC=1 and this test.
 */
const DOC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../docs/NOTIFICATIONS.md',
);
const BEGIN = '<!-- notifications:begin (rendered from apps/server/src/modules/message/notifications.ts) -->';
const END = '<!-- notifications:end -->';

function routesOf(tree: ResourceSeed[]): string[] {
  return tree.flatMap((n) => [`/${n.resUrl ? `${n.resUrl}/` : ''}${n.authKey}`, ...routesOf(n.children)]);
}

describe('notification catalogue', () => {
  it('docs/NOTIFICATIONS.md has exactly the table the catalogue renders', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    const start = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    expect(start, `${BEGIN} in docs/NOTIFICATIONS.md`).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const table = notificationTable();
    const current = doc.slice(start + BEGIN.length, end).trim();
    if (current !== table && process.env.UPDATE_NOTIFICATIONS_DOC === '1') {
      fs.writeFileSync(DOC, `${doc.slice(0, start + BEGIN.length)}\n${table}\n${doc.slice(end)}`);
      return;
    }
    expect(current).toBe(table);
  });

  it('a prevention plan links to the page of that plan, with the parameter each page reads the plan from', () => {
    // The insurer's 服务详情 and the service/expert landing read a plan from ?planId= (?id= is a project on
    // the insurer's page and nothing on the landing); the enterprise's and regulator's detail read ?id=
    // (web modules/prevention: InsuranceApDetail, ServiceAp, EntAPDetail, GovApDetail).
    expect(
      Object.fromEntries(Object.entries(RECORD_PAGES.apPlan).map(([side, page]) => [side, page?.param])),
    ).toEqual({ enterprise: 'id', insurer: 'planId', government: 'id', service: 'planId', expert: 'planId' });
  });

  it("every recipient's link is a seeded route of their role", () => {
    for (const event of NOTIFICATION_EVENTS) {
      const def = NOTIFICATIONS[event];
      for (const to of def.to) {
        const sides: Side[] = partySides(to.party);
        for (const side of sides) {
          const page = RECORD_PAGES[def.record][side];
          expect(page, `${event} → ${to.party}: a ${side} page for ${def.record}`).toBeDefined();
          expect(routesOf(ROLE_RESOURCES[SIDE_ROLES[side]] ?? [])).toContain(page!.path);
        }
      }
    }
  });

  it('a to-do is closed by some later event of its record; closes name to-dos of the same record', () => {
    const todoEvents = NOTIFICATION_EVENTS.filter((e) => NOTIFICATIONS[e].to.some((r) => r.kind === 'todo'));
    expect(todoEvents.length).toBeGreaterThan(0);
    for (const event of NOTIFICATION_EVENTS) {
      const def = NOTIFICATIONS[event] as { record: string; closes?: readonly string[] };
      for (const closed of def.closes ?? []) {
        expect(todoEvents, `${event} closes ${closed}`).toContain(closed);
        expect(NOTIFICATIONS[closed as (typeof todoEvents)[number]].record).toBe(def.record);
      }
    }
    for (const todo of todoEvents)
      expect(
        NOTIFICATION_EVENTS.some((e) =>
          ((NOTIFICATIONS[e] as { closes?: readonly string[] }).closes ?? []).includes(todo),
        ),
        `nothing closes the to-do of ${todo}`,
      ).toBe(true);
  });
});
