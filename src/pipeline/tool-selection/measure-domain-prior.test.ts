import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { rankTools } from '../tool-search/index.ts';
import { isDeploymentDomain } from '../tool-search/index.ts';
import { focusToolRanking } from './focus-tool-ranking.ts';
import { measureDomainPrior } from './measure-domain-prior.ts';

const { registry, index } = createTestCatalogue([
  ['book_reservation', 'Book a flight reservation for a user with saved payment methods.', ['airline']],
  ['cancel_reservation', 'Cancel a whole flight reservation.', ['airline']],
  ['update_reservation_baggages', 'Update the checked bags of a reservation.', ['airline']],
  ['book_flight', 'Book a flight with a credit card.', ['travel']],
  ['get_flight_cost', 'Get the cost of a flight in a travel class.', ['travel']],
  ['create_note', 'Write a note.', ['notes']],
]);
const domainsOf = registry.domainsOf;

describe('measureDomainPrior', () => {
  it("leans to the domain the deployment's instructions describe, the leader at 1", () => {
    const prior = measureDomainPrior({
      index,
      instructions: 'As an airline agent you help users book, modify or cancel reservations, and add checked baggage.',
      domainsOf,
    });
    assert.equal(prior.get('airline'), 1);
    assert.ok((prior.get('travel') ?? 0) < 0.5, JSON.stringify([...prior]));
  });
  it('leans nowhere for instructions that name no tool', () => {
    assert.equal(measureDomainPrior({ index, instructions: 'Be kind and brief.', domainsOf }).size, 0);
    assert.equal(measureDomainPrior({ index, instructions: '', domainsOf }).size, 0);
  });
  it('leans nowhere for a concierge that lists its services, even where one holds most of its words', () => {
    const { registry: services, index: concierge } = createTestCatalogue([
      ['search_hotel', 'Search for a hotel for a booking.', ['hotels']],
      ['reserve_hotel', 'Make a hotel reservation booking.', ['hotels']],
      ['book_house', 'Book a house for a reservation.', ['hotels']],
      ['find_restaurants', 'Find a restaurant.', ['restaurants']],
      ['get_ride', 'Book a cab.', ['rides']],
    ]);
    const instructions =
      'You help one user book everyday services: restaurants, hotels and house rentals, and rides. ' +
      'Before any booking or reservation, repeat the details.';
    const prior = measureDomainPrior({ index: concierge, instructions, domainsOf: services.domainsOf });
    assert.equal(prior.manyServices, true);
    assert.equal(prior.size, 0, 'its words would lean to the hotel tools; a list of services leans to none');
    const request = 'Book a table at a restaurant, then a cab there.';
    assert.deepEqual(
      rankTools(concierge, { query: request, context: { domainPrior: prior } }),
      rankTools(concierge, { query: request }),
    );
    assert.equal(isDeploymentDomain(prior, 'hotels'), false, 'but a concierge has no domain of its own');
    const hotelDesk = 'You are a hotel desk: you search hotels, take a booking or a reservation and cancel it.';
    const desk = measureDomainPrior({ index: concierge, instructions: hotelDesk, domainsOf: services.domainsOf });
    assert.equal(isDeploymentDomain(desk, 'hotels'), true);
  });
  it('counts the namespaces tool names open with as services, under a broad tag too', () => {
    const { registry: broad, index: travel } = createTestCatalogue([
      ['hotels_4_search_hotel', 'Search for a hotel for a booking.', ['travel']],
      ['hotels_4_reserve_hotel', 'Make a hotel reservation booking.', ['travel']],
      ['flights_3_search_oneway_flight', 'Search for a one-way flight.', ['travel']],
      ['buses_1_find_bus', 'Find a bus itinerary.', ['travel']],
      ['restaurants_2_find_restaurants', 'Find a restaurant.', ['dining']],
    ]);
    const concierge = 'You help one user book everyday services: hotels, flights, buses and restaurants.';
    const prior = measureDomainPrior({ index: travel, instructions: concierge, domainsOf: broad.domainsOf });
    assert.equal(prior.manyServices, true, 'hotels, flights and buses are three services under one tag');
    assert.equal(isDeploymentDomain(prior, 'travel'), false);
    const desk = 'You are a hotel desk: you search hotels, take a booking or a reservation and cancel it.';
    assert.equal(
      measureDomainPrior({ index: travel, instructions: desk, domainsOf: broad.domainsOf }).manyServices,
      false,
    );
  });
  it('moves the focus of a message that fits two domains to the leaning one', () => {
    const ranking = rankTools(index, { query: 'I want to book a flight to Seattle' });
    const focus = (domainPrior: ReadonlyMap<string, number>) =>
      focusToolRanking({ ranking, previousSelection: [], domainsOf, domainPrior });
    const airline = focus(new Map([['airline', 1], ['travel', 0.2]]));
    const travel = focus(new Map([['travel', 1], ['airline', 0.2]]));
    assert.equal(airline.domain, 'airline');
    assert.equal(airline.ranking[0]?.name, 'book_reservation');
    assert.equal(travel.domain, 'travel');
    assert.equal(travel.ranking[0]?.name, 'book_flight');
  });
});
