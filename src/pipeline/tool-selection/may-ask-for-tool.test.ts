import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mayAskForTool } from './may-ask-for-tool.ts';

/** A catalogue whose tools cancel, add and list things (stemmed as the search stems them). */
const isAction = (term: string) => ['cancel', 'add', 'list'].includes(term);

describe('mayAskForTool', () => {
  it('reads requests, questions, wishes and messages that give an identifier as possible asks', () => {
    for (
      const text of [
        'Could you find me a hotel in Rome?',
        'I need a cab to the airport.',
        'When is the next game',
        'Two tickets for Friday, please.',
        'Hi! I was hoping to change my flight reservation for a day later.',
        'I feel like watching some movies online.',
        'I could use your help in finding a salon to go to.',
        'Sure, it’s sofia_kim_7287.',
        'The reservation is H9ZU1C.',
        'I got to rent a car in Chicago.',
        'Cancel the flight booking I made yesterday',
        'Hi, OK, add a note titled Trip.',
        'Thanks. Now list my tasks',
        'Do you have any rooms left for Friday?',
        'Are you able to move my flight to Monday?',
        'Do you know when the next game starts?',
        'Forecast and pollen for Oslo',
        'flights to Rome tomorrow',
      ]
    ) assert.equal(mayAskForTool(text, isAction), true, text);
  });

  it('reads the polite forms of a request as possible asks', () => {
    for (
      const text of [
        "Kindly draft a document titled 'project_summary.txt' right here in the documents folder.",
        "I'm cruising down a country road. I’d appreciate it if you could refill the tank with 10 liters.",
        'I would appreciate if you could source this information for me.',
        "It'd be fantastic if you could also switch on the headlights.",
        "I constructed a file titled 'plan.md'. Could you be so kind as to rename it to overview.md.",
        'Before starting the engine, verify the doors. Should everything be aligned, proceed with activating START.',
        'If the fuel level is lower than 10, then go ahead and fill it up.',
        'Feel free to start the engine right after.',
        'I wish to place an order for 120 shares at the going market rate.',
        'I require a comprehensive analysis of the stock with Amazon.',
        "Your task is to extract any line that features the term 'Anomaly' from this document.",
        'Assist me in locating a file named findings_report.',
        'Assistance with the authentication process would be immensely appreciated.',
        'Ensure the fuel tank is replenished with 38 liters of gasoline.',
        'The trip is long. Make sure every door is locked.',
        'Could you then cancel the order I placed this morning.',
        'Directly list the files of the workspace folder.',
        'Would you be kind enough to send me the invoice for March.',
      ]
    ) assert.equal(mayAskForTool(text, isAction), true, text);
  });

  it('reads a verb that ends like an adverb as the order it is', () => {
    const multiplies = (term: string) => term === 'multip';
    const order = 'Multiply the first number of the list by the second one in it.';
    assert.equal(mayAskForTool(order, multiplies), true);
    assert.equal(mayAskForTool(order, isAction), false, 'not an action of this catalogue, and no task under way');
    assert.equal(mayAskForTool(order, isAction, { inTask: true }), true, 'an order in any verb during a task');
  });

  it('reads an order in any verb during a task, not in small talk', () => {
    const orders = [
      'Review the order details to ensure it is error-free.',
      'Access and retrieve the details of my most recent order.',
      'Finally, tally up the number of characters in the file.',
      'Bring up information on that stock, check the sector for reference.',
      'Craft and broadcast an electrifying post on my profile.',
      "Let's ignite the engine and check the battery.",
      'Let\u2019s review the order details before we go on.',
      'Lastly, compile and present all the replies sent about the flight.',
      'Explore "…" to find the files or folders that hold the keyword.',
      "Now that the tank is replenished, let's fire up the engine with a swift ignition.",
    ];
    for (const text of orders) {
      assert.equal(mayAskForTool(text, isAction, { inTask: true }), true, text);
      assert.equal(mayAskForTool(text, isAction), false, `${text} (no task under way)`);
    }
    for (
      const text of [
        'Thanks, that is all for today.',
        'Sounds good to me, see you around.',
        'Basically, the plan worked out fine in the end.',
        'Love the pictures from your trip!',
        'Hope the weather holds for the weekend.',
        'Talk to you soon, have a lovely evening.',
        'Yep, it was a great trip in the end.',
        "Let's keep going after our goals together.",
        "I'm curious to see what the trail looks like, I heard it is nice.",
        'Looks like we both need a break from all the work lately.',
        'Maybe you would like that cake, it is dairy-free and tasty.',
        'In the US, football generally is more popular.',
      ]
    ) assert.equal(mayAskForTool(text, isAction, { inTask: true }), false, text);
  });

  it('reads "let\'s" before any verb as an order during a task, and "both" or "each" as an object', () => {
    for (
      const text of [
        "Feeling ready to invest! Let's put in a buy order for 50 shares at the current price.",
        "For peace of mind, let's verify both reports are identical.",
        'Compare both files and tell me where they differ.',
        'Inspect each tire before we set off.',
      ]
    ) {
      assert.equal(mayAskForTool(text, isAction, { inTask: true }), true, text);
      assert.equal(mayAskForTool(text, isAction), false, `${text} (no task under way)`);
    }
    // A word of feeling or of small talk after "let's" is still no order.
    for (
      const text of ["Let's hope the weather holds for the whole long weekend.", "Let's keep in touch after the trip."]
    ) {
      assert.equal(mayAskForTool(text, isAction, { inTask: true }), false, text);
    }
  });

  it('reads an order after a scene-setting phrase, a request to tell someone and a verb before its place during a task', () => {
    for (
      const text of [
        'For safety, lock the doors before we leave.',
        'On the work calendar, block the whole Friday afternoon.',
        'Also, on Facebook, let my friends know the party moved to Sunday.',
        'Dig into the old budget spreadsheet for the totals.',
        'Move it into the archive folder.',
        'Start by listing everything in my downloads.',
        'Go to the reports folder and open the newest one.',
        'I must quickly find the receipt from the hotel.',
        "I'm planning the trip and need the train times for Saturday.",
        "It's time to renew the car insurance.",
      ]
    ) {
      assert.equal(mayAskForTool(text, isAction, { inTask: true }), true, text);
      assert.equal(mayAskForTool(text, isAction), false, `${text} (no task under way)`);
    }
    // Small talk in the middle of a task: a phrase before a comma that is no preposition's, "let me know", "I must say".
    for (
      const text of [
        'I must say, that was a lovely dinner.',
        'I must get going, talk soon!',
        'Let me know how the interview goes!',
        'We played games, ate good food, and just hung out together.',
        'Sure, take your time.',
        'In my opinion, the second movie was better.',
        'Really appreciate your help with all of this.',
      ]
    ) assert.equal(mayAskForTool(text, isAction, { inTask: true }), false, text);
  });

  it('reads a wish said as eagerness or appreciation as a possible ask', () => {
    for (
      const text of [
        "Once everything's set, I'd appreciate an invoice for the flight I bought.",
        'It would be useful if you could retrieve the specifics of my last order.',
        "I'm keen on analyzing the third stock in the list.",
        "Now I'm eager to locate the nearest airport to Rivermist.",
        'I observed some promising fluctuations and wish to place an order for those shares.',
      ]
    ) assert.equal(mayAskForTool(text, isAction), true, text);
  });

  it('reads an order after a clause that says when or on what condition', () => {
    for (
      const text of [
        "Once the tweet is live, reinforce the achievement by commenting underneath with 'Done!'.",
        'After that, tally up the number of lines in the sorted file.',
        'Now, if the tank is below half full, top it up with gasoline.',
        'Should the price drop below 100, buy twenty shares.',
      ]
    ) assert.equal(mayAskForTool(text, isAction), true, text);
    for (
      const text of [
        'If it rains tomorrow, we stay in and watch a film',
        'Once upon a time, there was a king who loved music',
        'After the match, everyone celebrated in the streets',
        'Before the show, Anna practised for hours',
        'After the long summer, walking felt strange',
      ]
    ) assert.equal(mayAskForTool(text, isAction), false, text);
  });

  it('does not read statements of facts or opinions as asks, numbers and decades included', () => {
    for (
      const text of [
        'Wow this guy sure is full of surprises, he called football games but also pro basketball games.',
        'I am not an expert myself, but I watch all my favorite teams games.',
        'Maybe that is why they get paid the big bucks these days, unlike in the 60s.',
        'The highest score ever in a football game was in 1916: 222-0.',
        'That is an interesting name.',
        'Adding salt was the secret, my grandmother said.',
        'Did you know that all radios in Canada must play 40% Canadian music?',
        'I love all sports. Do you watch or keep up on much basketball?',
        'Good afternoon. Are you interested in politics?',
        'In Canada 40% of the music played on the airwaves has to be Canadian!',
        'That was a great game.',
        'I love basketball games!',
        'Can you believe they won the final in the last second',
        'Totally agree, it was a great trip.',
        'Honestly I wish I had gone with them.',
        '',
      ]
    ) assert.equal(mayAskForTool(text, isAction), false, text);
  });
});
