import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDeploymentDomain, isDeploymentDomain, leadOfDomain } from './deployment-domain.ts';

const airlineDesk = new Map([['airline', 1], ['retail', 0.6], ['travel', 0.2]]);

describe('leadOfDomain', () => {
  it('measures how far the instructions lean to a domain beyond the next one, never below 0', () => {
    assert.ok(Math.abs(leadOfDomain(airlineDesk, 'airline') - 0.4) < 1e-9);
    assert.equal(leadOfDomain(airlineDesk, 'retail'), 0);
    assert.equal(leadOfDomain(new Map([['hotels', 1], ['calendar', 1]]), 'hotels'), 0, 'a tie leads nowhere');
    assert.equal(leadOfDomain(new Map([['notes', 1]]), 'notes'), 1);
    assert.equal(leadOfDomain(undefined, 'notes'), 0);
  });
});

describe('isDeploymentDomain and findDeploymentDomain', () => {
  it('name the domain an airline desk leans to, and none for a concierge of many services or a close race', () => {
    assert.equal(isDeploymentDomain(airlineDesk, 'airline'), true);
    assert.equal(isDeploymentDomain(airlineDesk, 'retail'), false);
    assert.equal(findDeploymentDomain(airlineDesk), 'airline');
    const concierge = Object.assign(new Map([['hotels', 1], ['restaurants', 0.2]]), { manyServices: true });
    assert.equal(findDeploymentDomain(concierge), undefined, 'instructions that list many services have no own domain');
    assert.equal(findDeploymentDomain(new Map([['hotels', 1], ['flights', 0.9]])), undefined, 'a lead of 0.1 is none');
    assert.equal(findDeploymentDomain(undefined), undefined);
  });
});
