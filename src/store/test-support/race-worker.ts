// A separate OS process for race tests: waits at a file barrier, then migrates or stores messages (one turn each), and prints JSON.
// Arguments: <barrierDirectory> <parties> migrate <url>
//            <barrierDirectory> <parties> append <url> <ownerId> <conversationId> <count> <label>
import { createClient } from '@libsql/client';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLibsqlStore } from '../create-libsql-store.ts';
import { migrate } from '../migrate.ts';
import { openDatabase } from '../open-database.ts';
import { collectNativeGarbage } from './collect-native-garbage.ts';
import { seedMessages } from './seed-messages.ts';

const [barrier = '', parties = '1', command = '', url = '', ...rest] = process.argv.slice(2);

// Released together: everyone announces itself, then waits until all have (polling is fine: no timing is asserted).
writeFileSync(join(barrier, `ready-${process.pid}`), '');
while (readdirSync(barrier).length < Number(parties)) await sleep(2);

const database = await openDatabase({ url, createClient });
try {
  if (command === 'migrate') {
    console.log(JSON.stringify(await migrate(database)));
  } else if (command === 'append') {
    const [ownerId = '', conversationId = '', count = '0', label = ''] = rest;
    const store = createLibsqlStore({ database });
    const seqs: number[] = [];
    for (let index = 0; index < Number(count); index += 1) {
      const text = `${label}-${index}`;
      const [stored] = await seedMessages(store, { ownerId, conversationId }, [
        { role: 'user', content: [{ type: 'text', text }], visible: true, tokenEstimate: 1 },
      ]);
      seqs.push(stored?.seq ?? -1);
    }
    console.log(JSON.stringify({ seqs }));
  } else {
    throw new Error(`unknown command ${command}`);
  }
} finally {
  await database.close();
  collectNativeGarbage();
}
