import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sgdDomain, sgdToolName } from './sgd-names.ts';

describe('sgdToolName', () => {
  it('joins the service and the intent in snake case', () => {
    assert.equal(sgdToolName('Restaurants_1', 'FindRestaurants'), 'restaurants_1_find_restaurants');
    assert.equal(sgdToolName('Hotels_2', 'BookHouse'), 'hotels_2_book_house');
  });

  it('keeps a one-letter word apart', () => {
    assert.equal(sgdToolName('Weather_12', 'FindAForecast'), 'weather_12_find_a_forecast');
    assert.equal(sgdToolName('Weather_14', 'FindWeatherOfALocation'), 'weather_14_find_weather_of_a_location');
  });
});

describe('sgdDomain', () => {
  it('drops the version', () => {
    assert.equal(sgdDomain('Hotels_2'), 'hotels');
    assert.equal(sgdDomain('RentalCars_25'), 'rentalcars');
  });
});
