/**
 * The labelled outcome set (issue 26): 100 short sales conversations written by hand in four
 * of the nine languages (English, Spanish, French, German; 25 each), with the field values a
 * careful person would write down. Committed before the offline extractor was tuned, so the
 * benchmark measures it against text it was not shaped on.
 *
 * Turns alternate agent, user, agent, user… starting with the agent. A field missing from
 * `expect` is not in the conversation: filling it is a false positive. Values are normalised:
 * emails lower-case, phones as digits with a leading + when one was said, dates ISO, amounts
 * as numbers, yes/no as booleans.
 */
import type { OutcomeField } from "../../contracts/outcomes.js";

export const LABELLED_FIELDS: OutcomeField[] = [
  { name: "contact_name", type: "text", description: "The person's name" },
  { name: "email", type: "email", description: "The person's email address" },
  { name: "phone", type: "phone", description: "The person's phone number" },
  { name: "preferred_date", type: "date", description: "The date the person prefers for the demo" },
  { name: "budget", type: "number", description: "The budget amount the person mentioned" },
  { name: "wants_demo", type: "yes/no", description: "Would the person like to book a demo?" },
];

export interface LabelledConversation {
  language: "en-US" | "es-ES" | "fr-FR" | "de-DE";
  turns: string[];
  expect: Partial<Record<string, string | number | boolean>>;
}

export const LABELLED_SET: LabelledConversation[] = [
  // English
  {
    language: "en-US",
    turns: [
      "Hi! How can I help you today?",
      "Hello, my name is Sarah Miller and I'm interested in your CRM.",
      "Great to meet you, Sarah. Would you like to book a demo?",
      "Yes please. You can reach me at sarah.miller@example.com.",
    ],
    expect: { contact_name: "Sarah Miller", email: "sarah.miller@example.com", wants_demo: true },
  },
  {
    language: "en-US",
    turns: [
      "Hello, what brings you here?",
      "We need a support tool for 20 agents. Our budget is $5,000 per year.",
      "Understood. Would you like to book a demo with our team?",
      "No thanks, just send me the pricing sheet.",
    ],
    expect: { budget: 5000, wants_demo: false },
  },
  {
    language: "en-US",
    turns: [
      "Good morning! Who am I speaking with?",
      "My name is James O'Connor.",
      "Thanks James. What's the best number to call you on?",
      "Call me on +1 415 555 0132.",
    ],
    expect: { contact_name: "James O'Connor", phone: "+14155550132" },
  },
  {
    language: "en-US",
    turns: [
      "Hi there, how can I help?",
      "I'd like to see the product. Could we do the demo on March 12, 2026?",
      "March 12 works. Would you like to book a demo for that day?",
      "Yes, that's perfect.",
    ],
    expect: { preferred_date: "2026-03-12", wants_demo: true },
  },
  {
    language: "en-US",
    turns: [
      "Welcome! What can I do for you?",
      "Just checking your opening hours.",
      "We're open 9 to 5, Monday to Friday. Anything else?",
      "No, that's all, thanks.",
    ],
    expect: {},
  },
  {
    language: "en-US",
    turns: [
      "Hello! How can I help?",
      "I'm Priya Patel from Northwind. Email is PRIYA@NORTHWIND.IO",
      "Thanks Priya. What budget do you have in mind?",
      "Around 12000 dollars.",
    ],
    expect: { contact_name: "Priya Patel", email: "priya@northwind.io", budget: 12000 },
  },
  {
    language: "en-US",
    turns: [
      "Hi, how can I help today?",
      "My name is Tom Baker, my phone is (212) 555-0199.",
      "Thanks Tom. Would you like to book a demo?",
      "Sure, why not.",
    ],
    expect: { contact_name: "Tom Baker", phone: "2125550199", wants_demo: true },
  },
  {
    language: "en-US",
    turns: [
      "Hello! What are you looking for?",
      "Pricing for a team of ten. Our order number last time was 48213.",
      "Thanks. Would you like to book a demo?",
      "Not right now.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "en-US",
    turns: [
      "Good afternoon, how can I help?",
      "Could someone call me? 07700 900123. We can spend up to £3,500.",
      "Of course. And your name?",
      "My name is Olivia Grant.",
    ],
    expect: { phone: "07700900123", budget: 3500, contact_name: "Olivia Grant" },
  },
  {
    language: "en-US",
    turns: [
      "Hi! What can I do for you?",
      "I want a demo on 2026-04-02 if possible.",
      "Let me check. What's your email?",
      "dev.team@acme-corp.com",
    ],
    expect: { preferred_date: "2026-04-02", email: "dev.team@acme-corp.com" },
  },
  {
    language: "en-US",
    turns: [
      "Hello! Who do I have the pleasure of talking to?",
      "My name is Daniel Kim. I run a small bakery.",
      "Nice to meet you, Daniel. Would you like to book a demo?",
      "Maybe later, I'm not sure yet.",
    ],
    expect: { contact_name: "Daniel Kim" },
  },
  {
    language: "en-US",
    turns: [
      "Hi, how can I help?",
      "Our budget is 750 USD a month.",
      "Thanks. When would you like to see it in action?",
      "How about May 5th, 2026?",
    ],
    expect: { budget: 750, preferred_date: "2026-05-05" },
  },
  {
    language: "en-US",
    turns: [
      "Welcome to Acme. How can I help?",
      "The app keeps crashing when I log in.",
      "Sorry to hear that. Have you tried updating to version 3.2?",
      "Yes, still crashes.",
    ],
    expect: {},
  },
  {
    language: "en-US",
    turns: [
      "Hello! How can I help?",
      "Hi, my name is Emma Watson-Hale, email emma.hale@mailbox.org, phone +44 20 7946 0958.",
      "Thank you Emma. Would you like to book a demo?",
      "Yes, definitely.",
    ],
    expect: {
      contact_name: "Emma Watson-Hale",
      email: "emma.hale@mailbox.org",
      phone: "+442079460958",
      wants_demo: true,
    },
  },
  {
    language: "en-US",
    turns: [
      "Hi! How can I help you?",
      "What does the enterprise plan cost?",
      "It starts at $2,000 a month. Would you like to book a demo?",
      "No.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "en-US",
    turns: [
      "Hello! What can I do for you?",
      "I'm looking to replace our phone system. We have about 40 seats.",
      "Got it. Do you have a budget?",
      "We have $18,500 set aside.",
    ],
    expect: { budget: 18500 },
  },
  {
    language: "en-US",
    turns: [
      "Hi there!",
      "Hello, this is Mark Rivera. Can you email me at mark.rivera@gmail.com?",
      "Sure Mark. Which day suits you for a walkthrough?",
      "June 3, 2026 would be great.",
    ],
    expect: { contact_name: "Mark Rivera", email: "mark.rivera@gmail.com", preferred_date: "2026-06-03" },
  },
  {
    language: "en-US",
    turns: [
      "Good morning, how can I help?",
      "Please call me back at 555-867-5309.",
      "Will do. Would you like to book a demo as well?",
      "Yes.",
    ],
    expect: { phone: "5558675309", wants_demo: true },
  },
  {
    language: "en-US",
    turns: [
      "Hello, how can I help today?",
      "I just want to cancel my subscription.",
      "I can help with that. Can you confirm the account email?",
      "It's billing@lumen-studio.co.uk",
    ],
    expect: { email: "billing@lumen-studio.co.uk" },
  },
  {
    language: "en-US",
    turns: [
      "Hi! What can I do for you?",
      "My name is Ana Lucia Torres and I'd like a quote.",
      "Thanks Ana. What budget are you working with?",
      "About 2.5k euros.",
    ],
    expect: { contact_name: "Ana Lucia Torres", budget: 2500 },
  },
  {
    language: "en-US",
    turns: [
      "Hello!",
      "Hey. Do you integrate with Slack?",
      "Yes, we do. Would you like to book a demo to see it?",
      "Yeah, sounds good.",
    ],
    expect: { wants_demo: true },
  },
  {
    language: "en-US",
    turns: [
      "Hi, how can I help?",
      "Could we meet on 15/09/2026? My number is +1-646-555-0147.",
      "Noted. Anything else?",
      "That's all.",
    ],
    expect: { preferred_date: "2026-09-15", phone: "+16465550147" },
  },
  {
    language: "en-US",
    turns: [
      "Welcome! How can I help?",
      "We have 3 offices and 120 employees.",
      "Thanks. Would you like to book a demo?",
      "No, we're just browsing.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "en-US",
    turns: [
      "Hello, how can I help?",
      "My name is Chen Wei. Budget is 9,999 dollars.",
      "Thanks Chen. Email?",
      "chen.wei@outlook.com",
    ],
    expect: { contact_name: "Chen Wei", budget: 9999, email: "chen.wei@outlook.com" },
  },
  {
    language: "en-US",
    turns: [
      "Hi! What can I do for you?",
      "Is there a free trial?",
      "Yes, 14 days. You can sign up on our site. Anything else?",
      "No thanks.",
    ],
    expect: {},
  },

  // Spanish
  {
    language: "es-ES",
    turns: [
      "¡Hola! ¿En qué puedo ayudarte?",
      "Hola, me llamo Lucía Fernández y quiero información sobre el CRM.",
      "Encantada, Lucía. ¿Te gustaría reservar una demostración?",
      "Sí, por favor. Mi correo es lucia.fernandez@correo.es",
    ],
    expect: { contact_name: "Lucía Fernández", email: "lucia.fernandez@correo.es", wants_demo: true },
  },
  {
    language: "es-ES",
    turns: [
      "Buenos días, ¿cómo puedo ayudarte?",
      "Necesitamos una herramienta de soporte. Tenemos un presupuesto de 4.000 €.",
      "Entendido. ¿Quieres una demo con nuestro equipo?",
      "No, gracias.",
    ],
    expect: { budget: 4000, wants_demo: false },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿con quién hablo?",
      "Mi nombre es Javier Ruiz.",
      "Gracias, Javier. ¿A qué número te llamamos?",
      "Al +34 612 345 678.",
    ],
    expect: { contact_name: "Javier Ruiz", phone: "+34612345678" },
  },
  {
    language: "es-ES",
    turns: [
      "¡Hola! ¿Qué necesitas?",
      "Me gustaría ver el producto el 12 de marzo de 2026.",
      "Perfecto. ¿Reservamos una demostración para ese día?",
      "Sí, genial.",
    ],
    expect: { preferred_date: "2026-03-12", wants_demo: true },
  },
  {
    language: "es-ES",
    turns: [
      "Bienvenido, ¿en qué te ayudo?",
      "Solo quería saber el horario.",
      "Abrimos de 9 a 18 h de lunes a viernes. ¿Algo más?",
      "No, eso es todo.",
    ],
    expect: {},
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿en qué puedo ayudarte?",
      "Soy Marta Gómez, de Logística Sur. Escríbeme a marta@logisticasur.com",
      "Gracias, Marta. ¿Qué presupuesto tenéis?",
      "Unos 7500 euros.",
    ],
    expect: { contact_name: "Marta Gómez", email: "marta@logisticasur.com", budget: 7500 },
  },
  {
    language: "es-ES",
    turns: [
      "¡Buenas! ¿Cómo te puedo ayudar?",
      "Me llamo Carlos Medina, mi teléfono es 91 123 45 67.",
      "Gracias, Carlos. ¿Te gustaría reservar una demo?",
      "Claro que sí.",
    ],
    expect: { contact_name: "Carlos Medina", phone: "911234567", wants_demo: true },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿qué buscas?",
      "Precios para un equipo de diez personas. Mi pedido anterior fue el 58213.",
      "Gracias. ¿Quieres reservar una demostración?",
      "Ahora mismo no.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "es-ES",
    turns: [
      "Buenas tardes, ¿en qué te ayudo?",
      "¿Me podéis llamar? 655 987 321. Podemos gastar hasta 2.500 euros.",
      "Por supuesto. ¿Y tu nombre?",
      "Me llamo Elena Sánchez.",
    ],
    expect: { phone: "655987321", budget: 2500, contact_name: "Elena Sánchez" },
  },
  {
    language: "es-ES",
    turns: [
      "¡Hola! ¿Qué puedo hacer por ti?",
      "Quiero una demo el 02/04/2026 si es posible.",
      "Lo miro. ¿Cuál es tu correo?",
      "equipo.dev@acme.es",
    ],
    expect: { preferred_date: "2026-04-02", email: "equipo.dev@acme.es" },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿con quién tengo el gusto?",
      "Mi nombre es Diego Herrera, tengo una panadería.",
      "Encantado, Diego. ¿Te gustaría reservar una demostración?",
      "Quizás más adelante, no lo sé todavía.",
    ],
    expect: { contact_name: "Diego Herrera" },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿en qué te ayudo?",
      "Nuestro presupuesto es de 900 € al mes.",
      "Gracias. ¿Cuándo te gustaría verlo?",
      "¿Qué tal el 5 de mayo de 2026?",
    ],
    expect: { budget: 900, preferred_date: "2026-05-05" },
  },
  {
    language: "es-ES",
    turns: [
      "Bienvenido a Acme. ¿En qué puedo ayudarte?",
      "La aplicación se cierra al iniciar sesión.",
      "Lo siento. ¿Has probado a actualizar a la versión 3.2?",
      "Sí, y sigue fallando.",
    ],
    expect: {},
  },
  {
    language: "es-ES",
    turns: [
      "¡Hola! ¿En qué puedo ayudarte?",
      "Hola, me llamo Sofía Navarro, correo sofia.navarro@gmail.com, teléfono +34 699 111 222.",
      "Gracias, Sofía. ¿Quieres reservar una demo?",
      "Sí, claro.",
    ],
    expect: {
      contact_name: "Sofía Navarro",
      email: "sofia.navarro@gmail.com",
      phone: "+34699111222",
      wants_demo: true,
    },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿qué necesitas?",
      "¿Cuánto cuesta el plan empresa?",
      "Desde 2.000 € al mes. ¿Te gustaría reservar una demostración?",
      "No.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿en qué te puedo ayudar?",
      "Queremos cambiar la centralita. Somos unos 40 puestos.",
      "Entendido. ¿Tenéis presupuesto?",
      "Tenemos 15.000 euros reservados.",
    ],
    expect: { budget: 15000 },
  },
  {
    language: "es-ES",
    turns: [
      "¡Hola!",
      "Hola, soy Pablo Ortega. ¿Me escribís a pablo.ortega@empresa.com?",
      "Claro, Pablo. ¿Qué día te viene bien para una demostración?",
      "El 3 de junio de 2026.",
    ],
    expect: { contact_name: "Pablo Ortega", email: "pablo.ortega@empresa.com", preferred_date: "2026-06-03" },
  },
  {
    language: "es-ES",
    turns: [
      "Buenos días, ¿en qué te ayudo?",
      "Llamadme al 600 123 456, por favor.",
      "De acuerdo. ¿Quieres reservar también una demo?",
      "Sí.",
    ],
    expect: { phone: "600123456", wants_demo: true },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿en qué te ayudo hoy?",
      "Quiero cancelar mi suscripción.",
      "Te ayudo. ¿Me confirmas el correo de la cuenta?",
      "Es facturacion@estudio-lumen.es",
    ],
    expect: { email: "facturacion@estudio-lumen.es" },
  },
  {
    language: "es-ES",
    turns: [
      "¡Hola! ¿Qué puedo hacer por ti?",
      "Me llamo Ana Belén Castro y quiero un presupuesto.",
      "Gracias, Ana. ¿Con qué presupuesto trabajáis?",
      "Unos 3000 €.",
    ],
    expect: { contact_name: "Ana Belén Castro", budget: 3000 },
  },
  {
    language: "es-ES",
    turns: [
      "¡Hola!",
      "¿Os integráis con Slack?",
      "Sí. ¿Te gustaría reservar una demo para verlo?",
      "Sí, me parece bien.",
    ],
    expect: { wants_demo: true },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿en qué te ayudo?",
      "¿Podemos vernos el 15/09/2026? Mi número es +34 622 333 444.",
      "Anotado. ¿Algo más?",
      "Nada más.",
    ],
    expect: { preferred_date: "2026-09-15", phone: "+34622333444" },
  },
  {
    language: "es-ES",
    turns: [
      "Bienvenido. ¿En qué te ayudo?",
      "Tenemos 3 oficinas y 120 empleados.",
      "Gracias. ¿Quieres reservar una demostración?",
      "No, solo estamos mirando.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "es-ES",
    turns: [
      "Hola, ¿cómo te ayudo?",
      "Me llamo Raúl Domínguez. El presupuesto es de 9.999 euros.",
      "Gracias, Raúl. ¿Tu correo?",
      "raul.dominguez@outlook.es",
    ],
    expect: { contact_name: "Raúl Domínguez", budget: 9999, email: "raul.dominguez@outlook.es" },
  },
  {
    language: "es-ES",
    turns: [
      "¡Hola! ¿Qué puedo hacer por ti?",
      "¿Hay prueba gratuita?",
      "Sí, de 14 días. Puedes registrarte en la web. ¿Algo más?",
      "No, gracias.",
    ],
    expect: {},
  },

  // French
  {
    language: "fr-FR",
    turns: [
      "Bonjour ! Comment puis-je vous aider ?",
      "Bonjour, je m'appelle Camille Durand et le CRM m'intéresse.",
      "Enchantée, Camille. Voulez-vous réserver une démo ?",
      "Oui, volontiers. Mon e-mail : camille.durand@orange.fr",
    ],
    expect: { contact_name: "Camille Durand", email: "camille.durand@orange.fr", wants_demo: true },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, que puis-je faire pour vous ?",
      "Il nous faut un outil de support. Notre budget est de 4 000 €.",
      "Compris. Souhaitez-vous une démonstration avec notre équipe ?",
      "Non merci.",
    ],
    expect: { budget: 4000, wants_demo: false },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, à qui ai-je l'honneur ?",
      "Je m'appelle Julien Moreau.",
      "Merci Julien. À quel numéro puis-je vous rappeler ?",
      "Au 06 12 34 56 78.",
    ],
    expect: { contact_name: "Julien Moreau", phone: "0612345678" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour ! Que cherchez-vous ?",
      "J'aimerais voir le produit le 12 mars 2026.",
      "Parfait. On réserve une démo ce jour-là ?",
      "Oui, parfait.",
    ],
    expect: { preferred_date: "2026-03-12", wants_demo: true },
  },
  {
    language: "fr-FR",
    turns: [
      "Bienvenue, comment puis-je vous aider ?",
      "Je voulais juste connaître vos horaires.",
      "Nous sommes ouverts de 9 h à 18 h du lundi au vendredi. Autre chose ?",
      "Non, c'est tout.",
    ],
    expect: {},
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, comment puis-je vous aider ?",
      "Je suis Claire Lefèvre, de Transports Ouest. Écrivez-moi à claire@transports-ouest.fr",
      "Merci Claire. Quel budget envisagez-vous ?",
      "Environ 7500 euros.",
    ],
    expect: { contact_name: "Claire Lefèvre", email: "claire@transports-ouest.fr", budget: 7500 },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour ! Comment puis-je vous aider ?",
      "Je m'appelle Antoine Girard, mon numéro est le +33 1 23 45 67 89.",
      "Merci Antoine. Voulez-vous réserver une démo ?",
      "Oui, bien sûr.",
    ],
    expect: { contact_name: "Antoine Girard", phone: "+33123456789", wants_demo: true },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, que cherchez-vous ?",
      "Les tarifs pour une équipe de dix. Notre dernière commande était la 68213.",
      "Merci. Voulez-vous réserver une démo ?",
      "Pas pour l'instant.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "fr-FR",
    turns: [
      "Bon après-midi, que puis-je faire pour vous ?",
      "Pouvez-vous me rappeler ? 07 98 76 54 32. On peut dépenser jusqu'à 2 500 euros.",
      "Bien sûr. Et votre nom ?",
      "Je m'appelle Manon Petit.",
    ],
    expect: { phone: "0798765432", budget: 2500, contact_name: "Manon Petit" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour ! Que puis-je faire pour vous ?",
      "Je voudrais une démo le 02/04/2026 si possible.",
      "Je regarde. Votre adresse e-mail ?",
      "equipe.dev@acme.fr",
    ],
    expect: { preferred_date: "2026-04-02", email: "equipe.dev@acme.fr" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, avec qui ai-je le plaisir de parler ?",
      "Je m'appelle Hugo Bernard, je tiens une boulangerie.",
      "Enchanté, Hugo. Voulez-vous réserver une démonstration ?",
      "Peut-être plus tard, je ne sais pas encore.",
    ],
    expect: { contact_name: "Hugo Bernard" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, comment puis-je vous aider ?",
      "Notre budget est de 900 € par mois.",
      "Merci. Quand aimeriez-vous le voir ?",
      "Que diriez-vous du 5 mai 2026 ?",
    ],
    expect: { budget: 900, preferred_date: "2026-05-05" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bienvenue chez Acme. Comment puis-je vous aider ?",
      "L'application plante quand je me connecte.",
      "Désolé. Avez-vous essayé la version 3.2 ?",
      "Oui, ça plante toujours.",
    ],
    expect: {},
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour ! Comment puis-je vous aider ?",
      "Bonjour, je m'appelle Léa Roux, e-mail lea.roux@free.fr, téléphone +33 6 11 22 33 44.",
      "Merci Léa. Voulez-vous réserver une démo ?",
      "Oui, avec plaisir.",
    ],
    expect: { contact_name: "Léa Roux", email: "lea.roux@free.fr", phone: "+33611223344", wants_demo: true },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, que puis-je faire pour vous ?",
      "Combien coûte l'offre entreprise ?",
      "À partir de 2 000 € par mois. Voulez-vous réserver une démo ?",
      "Non.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, comment puis-je vous aider ?",
      "Nous voulons remplacer notre standard. Environ 40 postes.",
      "Compris. Avez-vous un budget ?",
      "Nous avons 15 000 euros de côté.",
    ],
    expect: { budget: 15000 },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour !",
      "Bonjour, c'est Nicolas Faure. Pouvez-vous m'écrire à nicolas.faure@entreprise.fr ?",
      "Bien sûr Nicolas. Quel jour vous convient pour une démonstration ?",
      "Le 3 juin 2026.",
    ],
    expect: { contact_name: "Nicolas Faure", email: "nicolas.faure@entreprise.fr", preferred_date: "2026-06-03" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, que puis-je faire pour vous ?",
      "Rappelez-moi au 01 45 67 89 00, s'il vous plaît.",
      "D'accord. Voulez-vous aussi réserver une démo ?",
      "Oui.",
    ],
    expect: { phone: "0145678900", wants_demo: true },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, comment puis-je vous aider ?",
      "Je veux résilier mon abonnement.",
      "Je m'en occupe. Pouvez-vous confirmer l'e-mail du compte ?",
      "C'est facturation@studio-lumen.fr",
    ],
    expect: { email: "facturation@studio-lumen.fr" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour ! Que puis-je faire pour vous ?",
      "Je m'appelle Marie-Claire Dubois et je voudrais un devis.",
      "Merci Marie-Claire. Avec quel budget ?",
      "Environ 3000 €.",
    ],
    expect: { contact_name: "Marie-Claire Dubois", budget: 3000 },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour !",
      "Vous êtes intégrés à Slack ?",
      "Oui. Voulez-vous réserver une démo pour le voir ?",
      "Oui, ça me va.",
    ],
    expect: { wants_demo: true },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, comment puis-je vous aider ?",
      "Peut-on se voir le 15/09/2026 ? Mon numéro : +33 6 22 33 44 55.",
      "C'est noté. Autre chose ?",
      "Rien d'autre.",
    ],
    expect: { preferred_date: "2026-09-15", phone: "+33622334455" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bienvenue. Comment puis-je vous aider ?",
      "Nous avons 3 bureaux et 120 salariés.",
      "Merci. Voulez-vous réserver une démonstration ?",
      "Non, on regarde seulement.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour, comment puis-je vous aider ?",
      "Je m'appelle Thomas Blanc. Le budget est de 9 999 euros.",
      "Merci Thomas. Votre e-mail ?",
      "thomas.blanc@outlook.fr",
    ],
    expect: { contact_name: "Thomas Blanc", budget: 9999, email: "thomas.blanc@outlook.fr" },
  },
  {
    language: "fr-FR",
    turns: [
      "Bonjour ! Que puis-je faire pour vous ?",
      "Y a-t-il un essai gratuit ?",
      "Oui, de 14 jours. Inscrivez-vous sur le site. Autre chose ?",
      "Non merci.",
    ],
    expect: {},
  },

  // German
  {
    language: "de-DE",
    turns: [
      "Hallo! Wie kann ich helfen?",
      "Hallo, mein Name ist Anna Schmidt und ich interessiere mich für Ihr CRM.",
      "Freut mich, Anna. Möchten Sie eine Demo buchen?",
      "Ja, gerne. Meine E-Mail ist anna.schmidt@web.de",
    ],
    expect: { contact_name: "Anna Schmidt", email: "anna.schmidt@web.de", wants_demo: true },
  },
  {
    language: "de-DE",
    turns: [
      "Guten Tag, was kann ich für Sie tun?",
      "Wir brauchen ein Support-Tool. Unser Budget liegt bei 4.000 €.",
      "Verstanden. Möchten Sie eine Demo mit unserem Team?",
      "Nein, danke.",
    ],
    expect: { budget: 4000, wants_demo: false },
  },
  {
    language: "de-DE",
    turns: [
      "Guten Tag, mit wem spreche ich?",
      "Ich heiße Lukas Weber.",
      "Danke, Lukas. Unter welcher Nummer erreiche ich Sie?",
      "Unter +49 30 1234567.",
    ],
    expect: { contact_name: "Lukas Weber", phone: "+49301234567" },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo! Was suchen Sie?",
      "Ich würde das Produkt gern am 12. März 2026 sehen.",
      "Perfekt. Sollen wir für den Tag eine Demo buchen?",
      "Ja, super.",
    ],
    expect: { preferred_date: "2026-03-12", wants_demo: true },
  },
  {
    language: "de-DE",
    turns: [
      "Willkommen, wie kann ich helfen?",
      "Ich wollte nur die Öffnungszeiten wissen.",
      "Wir sind Montag bis Freitag von 9 bis 17 Uhr da. Sonst noch etwas?",
      "Nein, das war's.",
    ],
    expect: {},
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, wie kann ich helfen?",
      "Ich bin Julia Becker von Nordlogistik. Schreiben Sie an julia@nordlogistik.de",
      "Danke, Julia. Welches Budget haben Sie?",
      "Etwa 7500 Euro.",
    ],
    expect: { contact_name: "Julia Becker", email: "julia@nordlogistik.de", budget: 7500 },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo! Wie kann ich Ihnen helfen?",
      "Mein Name ist Felix Wagner, meine Nummer ist 0171 2345678.",
      "Danke, Felix. Möchten Sie eine Demo buchen?",
      "Ja, klar.",
    ],
    expect: { contact_name: "Felix Wagner", phone: "01712345678", wants_demo: true },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, was suchen Sie?",
      "Preise für ein Team von zehn. Unsere letzte Bestellung war die 78213.",
      "Danke. Möchten Sie eine Demo buchen?",
      "Im Moment nicht.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "de-DE",
    turns: [
      "Guten Tag, was kann ich für Sie tun?",
      "Können Sie mich zurückrufen? 089 98765432. Wir können bis zu 2.500 Euro ausgeben.",
      "Natürlich. Und Ihr Name?",
      "Ich heiße Sophie Hoffmann.",
    ],
    expect: { phone: "08998765432", budget: 2500, contact_name: "Sophie Hoffmann" },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo! Was kann ich für Sie tun?",
      "Ich möchte eine Demo am 02.04.2026, wenn möglich.",
      "Ich schaue nach. Ihre E-Mail-Adresse?",
      "dev.team@acme.de",
    ],
    expect: { preferred_date: "2026-04-02", email: "dev.team@acme.de" },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, mit wem habe ich das Vergnügen?",
      "Mein Name ist Jonas Fischer, ich habe eine Bäckerei.",
      "Freut mich, Jonas. Möchten Sie eine Demo buchen?",
      "Vielleicht später, ich weiß es noch nicht.",
    ],
    expect: { contact_name: "Jonas Fischer" },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, wie kann ich helfen?",
      "Unser Budget ist 900 € im Monat.",
      "Danke. Wann möchten Sie es sehen?",
      "Wie wäre es mit dem 5. Mai 2026?",
    ],
    expect: { budget: 900, preferred_date: "2026-05-05" },
  },
  {
    language: "de-DE",
    turns: [
      "Willkommen bei Acme. Wie kann ich helfen?",
      "Die App stürzt beim Anmelden ab.",
      "Das tut mir leid. Haben Sie Version 3.2 installiert?",
      "Ja, stürzt trotzdem ab.",
    ],
    expect: {},
  },
  {
    language: "de-DE",
    turns: [
      "Hallo! Wie kann ich helfen?",
      "Hallo, mein Name ist Laura Klein, E-Mail laura.klein@gmx.de, Telefon +49 151 11122233.",
      "Danke, Laura. Möchten Sie eine Demo buchen?",
      "Ja, sehr gern.",
    ],
    expect: { contact_name: "Laura Klein", email: "laura.klein@gmx.de", phone: "+4915111122233", wants_demo: true },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, was kann ich für Sie tun?",
      "Was kostet der Enterprise-Tarif?",
      "Ab 2.000 € im Monat. Möchten Sie eine Demo buchen?",
      "Nein.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, wie kann ich helfen?",
      "Wir wollen unsere Telefonanlage ersetzen. Etwa 40 Plätze.",
      "Verstanden. Haben Sie ein Budget?",
      "Wir haben 15.000 Euro eingeplant.",
    ],
    expect: { budget: 15000 },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo!",
      "Hallo, hier ist Max Braun. Können Sie mir an max.braun@firma.de schreiben?",
      "Gern, Max. Welcher Tag passt Ihnen für eine Demo?",
      "Der 3. Juni 2026.",
    ],
    expect: { contact_name: "Max Braun", email: "max.braun@firma.de", preferred_date: "2026-06-03" },
  },
  {
    language: "de-DE",
    turns: [
      "Guten Morgen, wie kann ich helfen?",
      "Rufen Sie mich bitte unter 040 1234 5678 an.",
      "Mache ich. Möchten Sie auch eine Demo buchen?",
      "Ja.",
    ],
    expect: { phone: "04012345678", wants_demo: true },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, wie kann ich heute helfen?",
      "Ich möchte mein Abo kündigen.",
      "Ich helfe Ihnen. Können Sie die E-Mail des Kontos bestätigen?",
      "Sie lautet rechnung@studio-lumen.de",
    ],
    expect: { email: "rechnung@studio-lumen.de" },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo! Was kann ich für Sie tun?",
      "Ich heiße Eva-Maria Schulz und hätte gern ein Angebot.",
      "Danke, Eva-Maria. Mit welchem Budget?",
      "Ungefähr 3000 €.",
    ],
    expect: { contact_name: "Eva-Maria Schulz", budget: 3000 },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo!",
      "Gibt es eine Slack-Integration?",
      "Ja. Möchten Sie eine Demo buchen, um sie zu sehen?",
      "Ja, klingt gut.",
    ],
    expect: { wants_demo: true },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, wie kann ich helfen?",
      "Können wir uns am 15.09.2026 treffen? Meine Nummer: +49 176 22233344.",
      "Notiert. Sonst noch etwas?",
      "Nichts weiter.",
    ],
    expect: { preferred_date: "2026-09-15", phone: "+4917622233344" },
  },
  {
    language: "de-DE",
    turns: [
      "Willkommen. Wie kann ich helfen?",
      "Wir haben 3 Standorte und 120 Mitarbeiter.",
      "Danke. Möchten Sie eine Demo buchen?",
      "Nein, wir schauen uns nur um.",
    ],
    expect: { wants_demo: false },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo, wie kann ich helfen?",
      "Ich heiße Tobias Keller. Das Budget beträgt 9.999 Euro.",
      "Danke, Tobias. Ihre E-Mail?",
      "tobias.keller@outlook.de",
    ],
    expect: { contact_name: "Tobias Keller", budget: 9999, email: "tobias.keller@outlook.de" },
  },
  {
    language: "de-DE",
    turns: [
      "Hallo! Was kann ich für Sie tun?",
      "Gibt es eine kostenlose Testphase?",
      "Ja, 14 Tage. Registrieren Sie sich auf der Website. Sonst noch etwas?",
      "Nein danke.",
    ],
    expect: {},
  },
];
