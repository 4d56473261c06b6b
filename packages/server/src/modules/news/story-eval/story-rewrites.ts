/**
 * Rewrites of the bundled demo wire's stories (fixtures/market-wire.xml, by item position),
 * written by us for the story-clustering evaluation: what another publisher's version of the
 * same news looks like. Each keeps the facts and figures and rewords the rest, some closely (a
 * syndicated copy with light edits), some freely (a rewrite from the same release).
 */
export type StoryRewrite = { item: number; publisher: string; title: string; text: string };

export const STORY_REWRITES: StoryRewrite[] = [
  {
    item: 0,
    publisher: 'MarketWatch',
    title: 'Apple beats quarterly estimates as iPhone and services revenue climb',
    text: 'Apple Inc. reported fiscal fourth-quarter revenue of $102.5 billion, ahead of analyst estimates, as iPhone sales rose 6% and services revenue hit a record. Shares of NASDAQ:AAPL gained 2% in after-hours trading on Thursday.',
  },
  {
    item: 0,
    publisher: 'Barron’s',
    title: 'iPhone strength carries Apple past forecasts',
    text: 'Apple Inc. (NASDAQ:AAPL) posted revenue of $102.5 billion for its fiscal fourth quarter, topping what analysts expected. iPhone sales rose 6% and services hit a record; the stock gained 2% after hours.',
  },
  {
    item: 1,
    publisher: 'CNBC',
    title: 'Nvidia data-center revenue jumps 60% on demand for AI accelerators',
    text: 'NVIDIA Corporation said revenue from data centers rose 60% from a year earlier as cloud providers kept ordering its Blackwell systems. $NVDA beat expectations again and guided fourth-quarter revenue above consensus. Chief executive Jensen Huang said demand for AI infrastructure remains extraordinary.',
  },
  {
    item: 2,
    publisher: 'Reuters',
    title: 'Microsoft to invest $10 billion in European data centers for AI',
    text: 'Microsoft Corporation (NASDAQ: MSFT) will invest $10 billion in data centers in Germany and Sweden over three years to meet demand for AI services, the company said on Wednesday.',
  },
  {
    item: 3,
    publisher: 'Associated Press',
    title: 'Tesla recalls 120,000 cars to fix seat-belt warning software',
    text: 'Tesla, Inc. is recalling Model Y and Model 3 cars in the United States over seat-belt warning software; a free over-the-air update fixes the issue. $TSLA was little changed.',
  },
  {
    item: 4,
    publisher: 'Bloomberg',
    title: 'JPMorgan lifts dividend to $1.50 and approves $50 billion buyback',
    text: 'JPMorgan Chase & Co. lifted its quarterly dividend to $1.50 a share and approved a new $50 billion buyback programme after clearing its stress test buffer.',
  },
  {
    item: 5,
    publisher: 'Financial Times',
    title: 'Exxon agrees $12bn all-stock deal for Permian shale driller',
    text: 'Exxon Mobil Corporation agreed to acquire a Permian Basin producer in a $12 billion all-stock deal, adding 300,000 barrels a day of output. NYSE:XOM fell 1.5% while the target’s shares surged.',
  },
  {
    item: 6,
    publisher: 'Reuters',
    title: 'Pfizer moves research computing to Amazon Web Services',
    text: 'Amazon.com, Inc. and Pfizer Inc. announced a multiyear partnership to move the drugmaker’s research computing to AWS, in a deal analysts valued at more than $1 billion.',
  },
  {
    item: 7,
    publisher: 'CNBC',
    title: 'Target slashes full-year outlook as shoppers pull back',
    text: 'Target Corporation (NYSE: TGT) now expects comparable sales to fall 2% this year as shoppers pull back on discretionary goods; the stock slid 9% before the opening bell.',
  },
  {
    item: 8,
    publisher: 'MarketWatch',
    title: 'Walmart raises guidance for a third time as higher-income shoppers trade down',
    text: 'Walmart Inc. raised its sales forecast for the third time this year, helped by grocery and e-commerce gains as higher-income shoppers trade down. $WMT hit a record high.',
  },
  {
    item: 9,
    publisher: 'Fierce Pharma',
    title: 'Europe approves Lilly’s tirzepatide for sleep apnea',
    text: 'European regulators cleared Eli Lilly and Company’s tirzepatide for obstructive sleep apnea, widening the market for the blockbuster weight-loss drug. NYSE:LLY rose 3%.',
  },
  {
    item: 10,
    publisher: 'Bloomberg',
    title: 'Novo Nordisk tumbles 12% as obesity trial data disappoint',
    text: 'Novo Nordisk A/S said its next-generation obesity drug produced 18% weight loss in a trial, below investor hopes; the stock (NYSE: NVO) fell 12%.',
  },
  {
    item: 11,
    publisher: 'Reuters',
    title: 'Boeing hands over 48 jets in October, best October since 2018',
    text: 'The Boeing Company handed over 48 aircraft last month, its best October since 2018, as 737 production stabilised after the FAA lifted a cap on 737 MAX output.',
  },
  {
    item: 12,
    publisher: 'Barron’s',
    title: 'Intel jumps 5% after Goldman upgrade to neutral',
    text: 'Analysts at The Goldman Sachs Group, Inc. upgraded Intel Corporation to neutral and raised their price target to $32, saying the foundry business could break even by 2028. $INTC jumped 5%.',
  },
  {
    item: 13,
    publisher: 'Associated Press',
    title: 'Federal Reserve holds rates steady, Powell signals patience',
    text: 'The Federal Reserve left its benchmark rate unchanged at 3.75%-4.00% and Chair Powell signalled patience on further cuts. The Dow rose 0.4% and the Nasdaq Composite added 0.8% after the decision.',
  },
  {
    item: 14,
    publisher: 'Bloomberg',
    title: 'Brent tops $78 as OPEC+ extends output cuts; Chevron, ConocoPhillips rise',
    text: 'Brent crude rose above $78 a barrel after OPEC+ extended its voluntary output cuts into the first quarter. Chevron Corporation and ConocoPhillips both rose more than 2%.',
  },
  {
    item: 15,
    publisher: 'The Verge',
    title: 'Meta’s new Ray-Ban glasses start at $199; capex to reach $80 billion',
    text: 'Meta Platforms, Inc. ($META) unveiled cheaper smart glasses starting at $199 and said capital expenditures will reach $80 billion next year as it builds AI data centers.',
  },
  {
    item: 16,
    publisher: 'Variety',
    title: 'Netflix raises US and Canada prices by $2 a month',
    text: 'Netflix, Inc. will increase the price of its standard plan by $2 a month in the US and Canada from December, its first increase in two years. NASDAQ:NFLX added 3%.',
  },
  {
    item: 17,
    publisher: 'Reuters',
    title: 'Costco comparable sales rise 7% in November',
    text: 'Costco Wholesale Corporation reported comparable sales growth of 7.1% for the four weeks ended Nov. 23, with e-commerce sales up 14%.',
  },
  {
    item: 18,
    publisher: 'CNBC',
    title: 'Buffett’s Berkshire trims Apple stake and adds to Chevron, filing shows',
    text: 'Berkshire Hathaway Inc. sold about 10 million Apple shares in the third quarter and raised its holding in Chevron, a regulatory filing showed. $BRK.B was flat.',
  },
  {
    item: 19,
    publisher: 'Barron’s',
    title: 'Broadcom wins custom AI chip order from fourth hyperscaler',
    text: 'Broadcom Inc. (NASDAQ: AVGO) said it won a multibillion-dollar order for custom AI accelerators from a fourth hyperscaler and expects AI revenue of $6.5 billion next quarter.',
  },
  {
    item: 20,
    publisher: 'MarketWatch',
    title: 'Salesforce tops revenue forecasts as Agentforce deals double',
    text: 'Salesforce, Inc. reported third-quarter revenue of $10.3 billion, and paid Agentforce deals more than doubled from the prior quarter. NYSE:CRM rose 4% late.',
  },
  {
    item: 23,
    publisher: 'Wall Street Journal',
    title: 'Visa, Mastercard agree $30 billion settlement over swipe fees',
    text: 'Visa Inc. and Mastercard Incorporated agreed to lower swipe fees and pay damages to settle a long-running antitrust lawsuit brought by US merchants, a $30 billion settlement. $V and $MA fell 1%.',
  },
  {
    item: 28,
    publisher: 'Reuters',
    title: 'AMD soars 24% on OpenAI deal for MI450 accelerators',
    text: 'Advanced Micro Devices, Inc. will supply OpenAI with six gigawatts of its Instinct MI450 accelerators over several years. $AMD jumped 24% in its biggest one-day gain in a decade.',
  },
  {
    item: 30,
    publisher: 'Bloomberg',
    title: 'UnitedHealth cuts 2027 outlook as medical costs climb',
    text: 'UnitedHealth Group Incorporated said elevated use of medical services would weigh on next year’s earnings and cut its 2027 outlook; NYSE:UNH fell 7%.',
  },
  {
    item: 31,
    publisher: 'CNBC',
    title: 'Caterpillar lifts forecast on data-center generator orders',
    text: 'Caterpillar Inc. lifted its full-year sales outlook, citing orders for gas turbines and generators from data-center builders. $CAT gained 6%.',
  },
  {
    item: 18,
    publisher: 'Motley Fool',
    title: 'What Berkshire’s latest 13F says about Apple and Chevron',
    text: 'Warren Buffett’s company cut its Apple position by roughly 10 million shares last quarter while buying more Chevron, according to its 13F. Berkshire Hathaway ($BRK.B) shares did not move.',
  },
  {
    item: 4,
    publisher: 'Motley Fool',
    title: 'Is JPMorgan’s bigger payout a buy signal?',
    text: 'JPMorgan Chase & Co. shareholders will now collect $1.50 a quarter, and the bank will spend up to $50 billion repurchasing its stock, after the Fed’s stress test left it with room to spare.',
  },
];
