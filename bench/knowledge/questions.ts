/**
 * The labelled set: questions phrased as customers write them (paraphrased, never copied from
 * the documents), each labelled with a short, distinctive substring of the passage that answers
 * it. A retrieval "finds" the answer when one of its passages contains that substring (compared
 * with whitespace collapsed), which holds whatever the chunk boundaries are.
 *
 * Tags: "similar" marks a question whose wording also fits another passage that does not answer
 * it (the US and the Spanish policy, the warranty and the care plans, returns and shipping);
 * "cross-language" an English question whose answer exists only in the Spanish policy.
 * Labels are the ground truth: they are never adjusted to what a retriever returns.
 */

export type CorpusDocument = "manual" | "pricing" | "returns-en" | "returns-es" | "faq";
export type QuestionTag = "similar" | "cross-language";

export interface LabelledQuestion {
  question: string;
  document: CorpusDocument;
  answerContains: string;
  lang: "en" | "es";
  tags: QuestionTag[];
}

const of =
  (document: CorpusDocument, lang: "en" | "es" = "en") =>
  (question: string, answerContains: string, ...tags: QuestionTag[]): LabelledQuestion => ({
    question,
    document,
    answerContains,
    lang,
    tags,
  });

const manual = of("manual");
const pricing = of("pricing");
const returnsEn = of("returns-en");
const returnsEs = of("returns-es", "es");
const spainInEnglish = of("returns-es");
const faq = of("faq");

export const QUESTIONS: LabelledQuestion[] = [
  // Product manual (PDF): specifications, setup, modes, mopping, maps, care, errors, battery, warranty.
  manual("How long does the R7 run before it needs to recharge?", "up to 180 minutes"),
  manual("how many hours to fully charge the robot from flat?", "about 4.5 hours"),
  manual("How much dirt can the bin hold?", "450 ml"),
  manual("How heavy is the Nimbus R7?", "3.6 kg"),
  manual("My router is 5GHz only, will the robot connect?", "5 GHz networks are not supported"),
  manual("Which buttons do I press to pair the robot with my phone?", "HOME and SPOT buttons together for 5 seconds"),
  manual(
    "The app can't find the robot during setup, how do I reset its wifi?",
    "holding the same buttons for 10 seconds",
  ),
  manual("How much room does the charging base need around it?", "at least 0.5 metres clear on each side"),
  manual("Does the app run on an older Android phone?", "Android 9 or later"),
  manual("Can I start cleaning with Alexa?", "Amazon Alexa and Google Assistant"),
  manual("How big is the area that spot mode cleans?", "1.5 by 1.5 metres"),
  manual("What does the vacuum do if the battery runs low halfway through the house?", "recharges to 80%"),
  manual("How much suction does turbo give?", "Turbo: 4,000 Pa"),
  manual("Which suction setting is the quietest and how strong is it?", "Quiet: 1,500 Pa"),
  manual("Can I stop the robot from starting up at night?", "22:00 to 08:00"),
  manual("How do I keep my toddler from pushing the buttons on the robot?", "child lock disables the buttons"),
  manual("Is it OK to put vinegar in the water tank?", "Do not add detergent, vinegar"),
  manual("Will it soak my rugs when it's mopping?", "lifts the mop pad by 7 mm"),
  manual("Can I throw the mop pads in the washing machine?", "machine washable"),
  manual("How much floor can it mop on one tank of water?", "about 150 square metres"),
  manual("Our house has three floors, can it remember all of them?", "up to 4 floor maps"),
  manual("How many no go areas can I set?", "up to 10 no-go zones"),
  manual("When should I buy a new filter?", "Replace it every 3 months, or after 150 hours", "similar"),
  manual("How often do the side brushes need to be replaced?", "every 3–6 months"),
  manual("Can I rinse the filter under the tap?", "never wash the filter with water"),
  manual("What does error E5 mean?", "E5: Battery temperature out of range"),
  manual("My robot keeps saying it can't get back to its base", "E9: Cannot find the dock"),
  manual("The light on my robot is orange, what does that mean?", "Solid orange: low battery"),
  manual("What should I do if the error keeps coming back?", "holding the power button for 15 seconds"),
  manual("We're going abroad for 4 months, how should I store the vacuum?", "charge it to about 50%"),
  manual("How many charge cycles is the battery good for?", "500 full charge cycles"),
  manual("Can I bring the robot vacuum in my hand luggage on a flight?", "74.9 Wh"),
  manual("How do I swap the battery myself?", "Phillips PH1 screwdriver"),
  manual("How long is the battery covered by the warranty?", "The battery is covered for 1 year", "similar"),
  manual("Is there a way to get a longer warranty for free?", "within 60 days of purchase", "similar"),
  manual("Where is the serial number on the robot?", "label under the dust bin"),
  manual("What number do I call for support?", "+1 800 555 0199", "similar"),
  manual("My robot sucked up water and died, is that covered?", "damage caused by liquids"),
  manual("How long does a warranty repair take?", "7 to 10 business days", "similar"),
  manual("Can it get over the door sills between rooms?", "thresholds up to 2 cm high"),
  manual("Does the robot update its software by itself?", "install automatically overnight"),

  // Pricing page (HTML): models, parts, care plans, subscription, shipping, payment, discounts.
  pricing("How much is the Nimbus R7?", "$549"),
  pricing("What does the version with the self-emptying base cost?", "$749"),
  pricing("What's your cheapest robot vacuum?", "$349"),
  pricing("I already have an R7, can I buy just the emptying station?", "sold on its own for $229"),
  pricing("Price of a pack of mop pads?", "Washable mop pads, pack of 3: $19", "similar"),
  pricing("How much is a replacement battery?", "Replacement battery HW-B52: $79"),
  pricing("I want a second dock for upstairs, how much?", "Extra charging dock for a second floor: $59"),
  pricing("What does Care Plus cost per year?", "$89 per year", "similar"),
  pricing("Does any protection plan cover it if I knock the robot down the stairs?", "cover for accidental damage"),
  pricing("Is there a fee when I claim for accidental damage?", "$29 service fee"),
  pricing("If I cancel my annual care plan, do I get my money back?", "first 30 days are refunded in full", "similar"),
  pricing("How often does the parts subscription send a new kit?", "every 4 months for $29"),
  pricing("Do I pay for shipping?", "free on orders over $50", "similar"),
  pricing("How much is fast delivery?", "Express shipping: $14.95"),
  pricing("do u ship to canada and how much is it", "a flat $19 per order", "similar"),
  pricing("Can I pay in instalments?", "4 interest-free payments with Klarna"),
  pricing("Do you have 0% financing?", "0% APR for 12 months"),
  pricing("Is there a discount for students?", "save 15%"),
  pricing("What do I get if I trade in my old robot vacuum?", "$50 off"),
  pricing("We want to order 8 robots for our offices, is there a discount?", "12% volume discount"),
  pricing("The price went down a week after I bought it. Can I get the difference back?", "within 14 days of purchase"),
  pricing("Can I use two discount codes at once?", "cannot be combined"),
  pricing("Can you send the robot to my PO box?", "cannot deliver robots to PO boxes"),
  pricing("Which credit cards do you take?", "Visa, Mastercard, American Express"),

  // Returns policy, United States and Canada (Markdown).
  returnsEn("How long do I have to return something?", "within 30 days from delivery", "similar"),
  returnsEn("I got the robot for Christmas, can I still return it in January?", "until January 31"),
  returnsEn("I threw away the box, can I still send it back?", "restocking fee of 15%"),
  returnsEn("How do I start a return?", "choose Return item"),
  returnsEn("How long is the return label valid?", "within 10 days of receiving the label"),
  returnsEn("Do I have to pay to return a cheap accessory?", "label fee of $5.95", "similar"),
  returnsEn("How long until the refund shows up on my card?", "5–10 business days", "similar"),
  returnsEn(
    "Do I get the shipping cost back when I return something?",
    "Original shipping charges are refunded only",
    "similar",
  ),
  returnsEn("Is there a bonus if I take store credit instead of cash?", "we add 10% to its value"),
  returnsEn("Can I exchange my R5 for an R7?", "We do not offer direct exchanges"),
  returnsEn("Can I return a filter pack I've opened?", "opened consumables", "similar"),
  returnsEn("My robot arrived broken, what do I do?", "within 7 days of delivery", "similar"),
  returnsEn("Someone gave me a Hearthwell as a present, can I return it?", "store credit to the gift recipient"),
  returnsEn("I bought it on Amazon, can I return it to you?", "return it through that retailer"),
  returnsEn("It's been six weeks and my robot stopped working, can I return it?", "handled under the warranty"),
  returnsEn("Can I return a refurbished robot?", "Final Sale"),
  returnsEn("I paid with Klarna, how does the refund work?", "reduces or closes your payment plan"),

  // Returns policy, Spain (Markdown, Spanish), asked in Spanish…
  returnsEs("¿Cuántos días tengo para devolver un producto?", "30 días naturales desde la entrega", "similar"),
  returnsEs("¿Tengo que dar una razón para devolverlo?", "sin necesidad de indicar el motivo"),
  returnsEs("¿Cuánto tardáis en devolverme el dinero?", "plazo máximo de 14 días", "similar"),
  returnsEs("Vivo en Canarias, ¿tengo que pagar la devolución?", "9,95 €"),
  returnsEs("¿Tengo que imprimir una etiqueta para la devolución?", "sin necesidad de imprimir"),
  returnsEs("¿Me devolvéis los gastos de envío?", "incluye los gastos de envío estándar", "similar"),
  returnsEs("¿Puedo devolver unas mopas que ya he abierto?", "por motivos de higiene"),
  returnsEs("¿Cuántos años de garantía tiene el robot?", "garantía legal de 3 años", "similar"),
  returnsEs("El paquete me llegó roto, ¿qué hago?", "en un plazo de 24 horas"),
  returnsEs("¿Qué pasa si lo devuelvo después de usarlo varias semanas?", "depreciación del producto"),
  returnsEs("¿Cuál es el teléfono de atención al cliente?", "900 555 123", "similar"),
  returnsEs("Pagué con Bizum, ¿dónde recibo el reembolso?", "cuenta bancaria asociada"),
  returnsEs("¿Cuánto tarda una reparación en garantía?", "unos 15 días", "similar"),
  returnsEs("¿A qué correo mando el formulario de desistimiento?", "devoluciones@hearthwell.example"),
  returnsEs("¿La batería también tiene garantía?", "también la batería", "similar"),
  // …and in English by customers in Spain.
  spainInEnglish(
    "I live in Spain, how long is the warranty on my robot?",
    "garantía legal de 3 años",
    "cross-language",
  ),
  spainInEnglish("I'm in Madrid, which number do I call about a return?", "900 555 123", "cross-language"),

  // Help centre FAQ (Markdown, one heading per question).
  faq("Will the robot run over my dog's poop?", "does not detect pet waste"),
  faq("Does it get tangled with long cat hair?", "does not tangle"),
  faq("Is there a camera on the robot? I'm worried about privacy", "no camera at all"),
  faq("If I delete the robot from my account, what happens to the maps?", "deleted from our cloud 30 days later"),
  faq("Can my wife also control the vacuum from her phone?", "up to 5 family members"),
  faq("Does it still clean on schedule if the wifi goes down?", "saved on the robot"),
  faq("I want to take the robot to our holiday house, does that work?", "add that house as a second home"),
  faq("How long does the self-empty station take?", "About 12 seconds"),
  faq("Will my R5 side brushes fit the new R7?", "fit both models"),
  faq("My robot won't go onto my dark rug", "absorb the infrared light"),
  faq("Can I checkout as a guest?", "guest checkout is available"),
  faq("I made a mistake in my shipping address", "until the order status shows Packed"),
  faq("Can you gift wrap my order?", "$4.95 per item"),
];
