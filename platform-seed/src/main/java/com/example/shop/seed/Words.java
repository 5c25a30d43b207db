package com.example.shop.seed;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The word lists every name, title and category is made from: in code, nothing is downloaded. */
final class Words {

    private Words() {
    }

    /** A genre: its name, the year its records (or films) start, and its subgenres. */
    record Genre(String name, int since, List<String> subgenres) {
    }

    static final Map<String, List<Genre>> GENRES = new LinkedHashMap<>();

    static {
        GENRES.put("Music", List.of(
                new Genre("Jazz", 1925, List.of("Bebop", "Hard Bop", "Cool Jazz", "Modal Jazz", "Free Jazz", "Swing", "Big Band",
                        "Ragtime", "Dixieland", "Fusion", "Latin Jazz", "Vocal Jazz", "Soul Jazz", "Post-Bop", "Acid Jazz", "Gypsy Jazz")),
                new Genre("Rock", 1955, List.of("Classic Rock", "Hard Rock", "Psychedelic Rock", "Progressive Rock", "Glam Rock",
                        "Indie Rock", "Alternative Rock", "Garage Rock", "Southern Rock", "Rockabilly", "Surf Rock", "Shoegaze",
                        "Post-Rock", "Grunge", "Krautrock", "Folk Rock")),
                new Genre("Classical", 1930, List.of("Baroque", "Renaissance", "Classical Period", "Romantic", "Opera",
                        "Chamber Music", "Symphonies", "Concertos", "Choral", "Art Song", "Minimalism", "Contemporary Classical",
                        "Early Music", "Solo Piano")),
                new Genre("Pop", 1955, List.of("Synth-Pop", "Dance-Pop", "Power Pop", "Teen Pop", "Baroque Pop", "Dream Pop",
                        "Electropop", "Indie Pop", "K-Pop", "J-Pop", "Art Pop", "Sophisti-Pop", "Bubblegum")),
                new Genre("Hip-Hop", 1979, List.of("Old-School Hip-Hop", "Boom Bap", "Gangsta Rap", "Conscious Hip-Hop", "Trap",
                        "Jazz Rap", "Alternative Hip-Hop", "Hardcore Hip-Hop", "Instrumental Hip-Hop", "Drill", "G-Funk", "Crunk")),
                new Genre("Electronic", 1970, List.of("House", "Techno", "Trance", "Drum and Bass", "Dubstep", "Ambient", "IDM",
                        "Electro", "Downtempo", "Trip-Hop", "Breakbeat", "Synthwave", "UK Garage", "Hardcore")),
                new Genre("Soul & R&B", 1955, List.of("Motown", "Northern Soul", "Southern Soul", "Funk", "Disco", "Neo-Soul",
                        "Quiet Storm", "New Jack Swing", "Philly Soul", "Contemporary R&B", "Doo-Wop", "Psychedelic Soul")),
                new Genre("Blues", 1925, List.of("Delta Blues", "Chicago Blues", "Electric Blues", "Piedmont Blues", "Texas Blues",
                        "Jump Blues", "Blues Rock", "Country Blues", "Soul Blues", "Boogie-Woogie", "Swamp Blues")),
                new Genre("Country", 1930, List.of("Honky-Tonk", "Bluegrass", "Outlaw Country", "Western Swing", "Nashville Sound",
                        "Country Pop", "Alt-Country", "Americana", "Bakersfield Sound", "Cajun", "Country Rock")),
                new Genre("Folk", 1950, List.of("Traditional Folk", "Folk Revival", "Singer-Songwriter", "Celtic Folk",
                        "Contemporary Folk", "Psychedelic Folk", "Anti-Folk", "Freak Folk", "Chamber Folk", "Sea Shanties")),
                new Genre("Reggae", 1968, List.of("Roots Reggae", "Ska", "Rocksteady", "Dub", "Dancehall", "Lovers Rock",
                        "Reggae Fusion", "Ragga", "Two-Tone", "Nyabinghi")),
                new Genre("Latin", 1950, List.of("Salsa", "Bossa Nova", "Samba", "Tango", "Cumbia", "Mambo", "Bolero", "Merengue",
                        "Reggaeton", "Son Cubano", "Bachata", "Tropicália")),
                new Genre("Metal", 1970, List.of("Heavy Metal", "Thrash Metal", "Doom Metal", "Black Metal", "Death Metal",
                        "Power Metal", "Progressive Metal", "Speed Metal", "Sludge Metal", "Stoner Metal", "Folk Metal", "Glam Metal")),
                new Genre("Punk", 1975, List.of("Punk Rock", "Hardcore Punk", "Post-Punk", "Pop Punk", "Oi!", "Crust Punk",
                        "Skate Punk", "Garage Punk", "Anarcho-Punk", "Emo", "Riot Grrrl")),
                new Genre("World", 1960, List.of("Afrobeat", "Highlife", "Fado", "Flamenco", "Qawwali", "Gamelan", "Klezmer",
                        "Bhangra", "Mbalax", "Soukous", "Raï", "Tuvan Throat Singing")),
                new Genre("Gospel", 1935, List.of("Traditional Gospel", "Contemporary Gospel", "Southern Gospel", "Spirituals",
                        "Gospel Blues", "Gospel Choirs", "Gospel Quartets", "Praise and Worship", "Sacred Steel")),
                new Genre("Soundtracks", 1950, List.of("Film Scores", "Original Cast Recordings", "Television Themes",
                        "Video Game Music", "Library Music", "Spaghetti Western Scores", "Anime Soundtracks", "Silent Film Scores"))));
        GENRES.put("Film", List.of(
                new Genre("Drama", 1930, List.of("Period Drama", "Legal Drama", "Medical Drama", "Melodrama", "Coming-of-Age",
                        "Family Drama", "Political Drama", "Sports Drama", "Biopic", "Psychological Drama", "Social Realism",
                        "Costume Drama")),
                new Genre("Comedy", 1925, List.of("Screwball Comedy", "Slapstick", "Romantic Comedy", "Black Comedy", "Satire",
                        "Parody", "Mockumentary", "Buddy Comedy", "Comedy of Manners", "Stand-Up", "Sketch Comedy", "Teen Comedy")),
                new Genre("Action", 1960, List.of("Martial Arts", "Spy", "Heist", "Disaster", "Superhero", "Swashbuckler",
                        "Car Chase", "Military Action", "Buddy Cop", "Wuxia", "Survival", "Adventure")),
                new Genre("Science Fiction", 1950, List.of("Space Opera", "Cyberpunk", "Dystopian", "Time Travel", "Alien Invasion",
                        "Post-Apocalyptic", "Hard Science Fiction", "Robots and AI", "First Contact", "Steampunk", "Kaiju", "Biopunk")),
                new Genre("Horror", 1930, List.of("Slasher", "Supernatural", "Gothic Horror", "Body Horror", "Found Footage",
                        "Zombie", "Vampire", "Folk Horror", "Creature Feature", "Psychological Horror", "Haunted House", "Giallo")),
                new Genre("Thriller", 1940, List.of("Psychological Thriller", "Political Thriller", "Conspiracy", "Erotic Thriller",
                        "Techno-Thriller", "Legal Thriller", "Mystery", "Neo-Noir", "Survival Thriller", "Espionage")),
                new Genre("Documentary", 1950, List.of("Nature", "History", "Music Documentaries", "Biography", "True Crime",
                        "Science", "Sports", "Travel", "Art and Design", "Politics", "Food", "Concert Films")),
                new Genre("Animation", 1937, List.of("Hand-Drawn", "Stop-Motion", "Computer Animation", "Anime", "Adult Animation",
                        "Claymation", "Silhouette Animation", "Animated Shorts", "Family Animation", "Rotoscope")),
                new Genre("Romance", 1935, List.of("Romantic Drama", "Period Romance", "Tragic Romance", "Paranormal Romance",
                        "Romantic Fantasy", "Holiday Romance", "Second-Chance Romance", "Royal Romance")),
                new Genre("Western", 1930, List.of("Spaghetti Western", "Revisionist Western", "Classic Western", "Acid Western",
                        "Neo-Western", "Space Western", "Outlaw Western", "Cavalry Western", "Singing Cowboy", "Comedy Western")),
                new Genre("Crime", 1930, List.of("Gangster", "Film Noir", "Heist Films", "Police Procedural", "Courtroom",
                        "Detective", "Mafia", "Prison", "Caper", "Hardboiled")),
                new Genre("Fantasy", 1950, List.of("High Fantasy", "Sword and Sorcery", "Dark Fantasy", "Fairy Tale",
                        "Urban Fantasy", "Mythological", "Magical Realism", "Portal Fantasy", "Epic Fantasy", "Contemporary Fantasy")),
                new Genre("War", 1930, List.of("World War I", "World War II", "Vietnam War", "Korean War", "Cold War",
                        "Napoleonic Wars", "Civil War", "Anti-War", "Prisoner of War", "Resistance")),
                new Genre("Musical", 1930, List.of("Backstage Musical", "Jukebox Musical", "Rock Opera", "Dance Films", "Operetta",
                        "Movie Musical", "Animated Musical", "Stage Adaptation", "Bollywood")),
                new Genre("Family", 1940, List.of("Children's Adventure", "Animal Stories", "Holiday Films", "Live-Action Fairy Tale",
                        "Family Sports", "Educational", "Teen Films", "Family Comedy"))));
    }

    /** Level-4 facets: the decade of the records or films. */
    static final int[] DECADES = {1920, 1930, 1940, 1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020};
    /** The last day any issue_date may be: fixed, so that a seed gives the same store whatever today is. */
    static final int LAST_YEAR = 2025;

    /** Level-5 facets: formats and editions. */
    static final Map<String, List<String>> EDITIONS = Map.of(
            "Music", List.of("Vinyl", "CD", "Box Sets", "Reissues", "Limited Editions", "Imports", "Remasters", "Live Albums",
                    "Deluxe Editions", "Cassettes", "Compilations", "Rarities"),
            "Film", List.of("Blu-ray", "DVD", "4K Ultra HD", "Box Sets", "Collector's Editions", "Director's Cuts",
                    "Restorations", "Imports", "Double Features", "Steelbooks", "Special Editions"));

    /** Appended to a name when a parent has more children than its facet list has names. */
    static final String[] QUALIFIERS = {"Essentials", "Rarities", "Classics", "Deep Cuts", "Staff Picks", "New Arrivals",
        "Bestsellers", "Hidden Gems", "Collections", "Favourites", "Discoveries", "Archives"};

    static final String[] FIRST_NAMES = {"Ada", "Aaliyah", "Abel", "Ahmad", "Aiko", "Alba", "Alice", "Amara", "Amir", "Ana",
        "Anders", "Ángel", "Anya", "Arjun", "Astrid", "Ayesha", "Ben", "Bessie", "Billie", "Bjorn", "Carla", "Carmen",
        "Cecil", "Chen", "Chet", "Clara", "Cole", "Dana", "Dexter", "Dinah", "Dmitri", "Ella", "Elena", "Elif", "Emeka",
        "Etta", "Fatima", "Felix", "Freddie", "Gil", "Grace", "Hank", "Hannah", "Hector", "Hiro", "Ibrahim", "Ida",
        "Ines", "Isaac", "Jada", "Jamal", "Jin", "Joni", "José", "Kai", "Kamala", "Keiko", "Kenji", "Lars", "Lena",
        "Leon", "Lila", "Lou", "Lucia", "Mahalia", "Malik", "Marcus", "Maya", "Mei", "Miles", "Mira", "Nadia", "Nina",
        "Noah", "Nora", "Odette", "Olu", "Omar", "Oscar", "Pablo", "Priya", "Quincy", "Rafael", "Ravi", "Rosa", "Ruth",
        "Sade", "Sam", "Sara", "Sergei", "Sofia", "Sonny", "Tariq", "Thelonious", "Tomás", "Uma", "Vera", "Wes",
        "Xavier", "Yara", "Yusuf", "Zara", "Zoe"};

    static final String[] LAST_NAMES = {"Abbott", "Adeyemi", "Alvarez", "Andersen", "Baker", "Banerjee", "Bellamy",
        "Bergström", "Blackwell", "Brooks", "Carter", "Castillo", "Chandra", "Coleman", "Costa", "Dalton", "Davies",
        "Delacroix", "Diallo", "Dubois", "Ellington", "Eriksen", "Fischer", "Fitzgerald", "Flores", "Fontaine", "Garner",
        "Gonzaga", "Gordon", "Haddad", "Hale", "Harper", "Hayes", "Holloway", "Ibarra", "Ito", "Jackson", "Jansen",
        "Jarrett", "Kagame", "Kaplan", "Kelly", "Kimura", "Kowalski", "Lambert", "Larsen", "Lee", "Lindqvist", "Lopez",
        "Mackenzie", "Madsen", "Marsh", "Martins", "Mbeki", "Mendes", "Mingus", "Mitchell", "Monroe", "Moreau", "Morgan",
        "Nakamura", "Navarro", "Nguyen", "Novak", "Okafor", "Oliveira", "O'Neill", "Ortega", "Park", "Patel", "Pereira",
        "Petrov", "Quinn", "Ramos", "Reeves", "Reid", "Rivera", "Rollins", "Rossi", "Russo", "Saito", "Santos", "Schmidt",
        "Shaw", "Silva", "Simone", "Singh", "Sokolov", "Stone", "Suzuki", "Takahashi", "Taylor", "Thompson", "Turner",
        "Vance", "Varga", "Vasquez", "Walker", "Watts", "Webb", "Whitaker", "Wong", "Yamamoto", "Young", "Zimmermann"};

    static final String[] ADJECTIVES = {"Blue", "Golden", "Silent", "Electric", "Midnight", "Crimson", "Velvet", "Broken",
        "Endless", "Hidden", "Wild", "Quiet", "Burning", "Frozen", "Distant", "Restless", "Secret", "Silver", "Hollow",
        "Lonely", "Bright", "Dark", "Savage", "Gentle", "Wandering", "Fading", "Lost", "Radiant", "Northern", "Southern",
        "Painted", "Shattered", "Sweet", "Bitter", "Heavy", "Electric", "Neon", "Ancient", "Modern", "Open", "Falling",
        "Rising", "Sleeping", "Dancing", "Raging", "Tender", "Strange", "Holy", "Crooked", "Paper", "Glass", "Iron",
        "Copper", "Scarlet", "Emerald", "Amber", "Violet", "Ivory", "Cosmic", "Last", "First", "Little", "Great"};

    static final String[] NOUNS = {"River", "Heart", "Road", "Night", "Dream", "Fire", "Rain", "City", "Garden", "Mirror",
        "Storm", "Shadow", "Ocean", "Mountain", "Window", "Harbor", "Horizon", "Train", "Bridge", "Moon", "Sun", "Star",
        "Echo", "Voice", "Song", "Letter", "Promise", "Journey", "Season", "Winter", "Summer", "Autumn", "Spring",
        "Kingdom", "Empire", "Island", "Desert", "Forest", "Valley", "Highway", "Station", "Paradise", "Machine",
        "Signal", "Thunder", "Lightning", "Sky", "Tide", "Flame", "Ghost", "Angel", "Stranger", "Witness", "Hunter",
        "Saint", "Sinner", "Rebel", "Dancer", "Traveler", "Crown", "Compass", "Lantern", "Orchard", "Cathedral",
        "Carousel", "Labyrinth", "Frontier", "Monument", "Circus", "Wave", "Memory", "Silence", "Fever", "Wonder"};

    static final String[] PLURAL_NOUNS = {"Wolves", "Ravens", "Strangers", "Dreamers", "Pilots", "Lovers", "Sparrows",
        "Saints", "Rebels", "Drifters", "Ghosts", "Kings", "Queens", "Comets", "Tigers", "Foxes", "Engines", "Mirrors",
        "Satellites", "Owls", "Pines", "Lanterns", "Riders", "Sailors", "Shadows", "Stones", "Bells", "Horses", "Echoes"};

    static final String[] PLACES = {"Lisbon", "Harlem", "Memphis", "Kingston", "Havana", "Lagos", "Berlin", "Tokyo", "Paris",
        "Chicago", "Detroit", "Nashville", "New Orleans", "Manchester", "Bristol", "Rio", "Seoul", "Mumbai", "Cairo",
        "Istanbul", "Vienna", "Budapest", "Dakar", "Montreal", "Oslo", "Reykjavik", "Marseille", "Naples", "Buenos Aires",
        "Mexico City", "Brooklyn", "Laurel Canyon", "Big Sur", "Tangier", "Shanghai", "Kyoto", "Bombay", "Soho", "Motor City"};

    static final String[] TIMES = {"Midnight", "Sunrise", "Sunset", "Morning", "Evening", "Afternoon", "Twilight", "Dawn",
        "Saturday Night", "Sunday Morning", "Last Call", "Rush Hour", "Summer Nights", "Winter Mornings"};

    static final String[] VERBS_ING = {"Chasing", "Crossing", "Waiting for", "Dancing with", "Running from", "Looking for",
        "Dreaming of", "Leaving", "Finding", "Burning", "Holding", "Calling", "Remembering", "Following", "Breaking"};

    static final String[] VENUES = {"the Village Vanguard", "the Fillmore", "the Apollo", "Carnegie Hall", "the Blue Note",
        "Montreux", "Newport", "the Royal Albert Hall", "Budokan", "the Olympia", "the Troubadour", "the Cavern Club",
        "the Hollywood Bowl", "Red Rocks", "the Paradiso", "the Ryman"};

    static final String[] ENSEMBLES = {"Trio", "Quartet", "Quintet", "Sextet", "Orchestra", "Big Band", "Ensemble", "Band"};

    static final String[] COMPOSERS = {"Bach", "Vivaldi", "Handel", "Haydn", "Mozart", "Beethoven", "Schubert", "Chopin",
        "Schumann", "Brahms", "Liszt", "Tchaikovsky", "Dvořák", "Mahler", "Debussy", "Ravel", "Sibelius", "Rachmaninoff",
        "Stravinsky", "Bartók", "Shostakovich", "Prokofiev", "Satie", "Elgar", "Grieg", "Clara Schumann", "Fanny Mendelssohn",
        "Hildegard von Bingen", "Monteverdi", "Purcell", "Reich", "Glass", "Pärt", "Saariaho", "Florence Price"};

    static final String[] WORKS = {"Symphony", "Piano Concerto", "Violin Concerto", "String Quartet", "Piano Sonata",
        "Cello Suite", "Mass", "Requiem", "Nocturnes", "Preludes", "Études", "Serenade", "Overture", "Partita", "Cantata"};

    static final String[] KEYS = {"C major", "C minor", "D major", "D minor", "E-flat major", "E minor", "F major",
        "F minor", "G major", "G minor", "A major", "A minor", "B-flat major", "B minor"};

    static final String[] ORCHESTRAS = {"Philharmonic Orchestra", "Symphony Orchestra", "Chamber Orchestra", "String Quartet",
        "Baroque Ensemble", "Radio Symphony Orchestra", "Festival Orchestra", "Consort", "Choir"};

    static final String[] LABELS = {"Blue Note", "Impulse!", "Columbia", "Atlantic", "Verve", "Motown", "Stax", "Chess",
        "Sub Pop", "Warp", "Deutsche Grammophon", "ECM", "Rough Trade", "Def Jam", "Island", "Capitol", "Nonesuch", "4AD",
        "Matador", "XL Recordings", "Trojan", "Studio One", "Fania", "Nonesuch Explorer", "Sun Records", "Elektra",
        "Factory", "Mute", "Ninja Tune", "Hyperdub", "Stones Throw", "Light in the Attic", "Numero Group", "Harmonia Mundi"};

    static final String[] RATINGS = {"G", "PG", "PG", "PG-13", "PG-13", "PG-13", "R", "R", "R", "NC-17", "NR"};

    static final String[] ASPECT_RATIOS = {"1.33:1", "1.37:1", "1.66:1", "1.78:1", "1.85:1", "1.85:1", "2.20:1", "2.35:1",
        "2.39:1", "2.39:1"};

    static final String[] KEYWORDS = {"remastered", "reissue", "180g vinyl", "import", "limited edition", "gift idea",
        "staff pick", "audiophile", "collector's edition", "restored", "bonus tracks", "signed copy", "first pressing",
        "out of print", "award winner"};

    /** Apparel: the garments sold as a band's or a film's merchandise, with their price points (cents) and weight (g). */
    record Garment(String name, int[] prices, int minWeight, int maxWeight) {
    }

    static final Garment[] GARMENTS = {
        new Garment("T-Shirt", new int[] {1999, 2299, 2499, 2799, 2999}, 140, 220),
        new Garment("Tour T-Shirt", new int[] {2499, 2799, 2999, 3499}, 150, 230),
        new Garment("Long-Sleeve Tee", new int[] {2799, 2999, 3499}, 200, 280),
        new Garment("Hoodie", new int[] {4499, 4999, 5499, 5999, 6999}, 450, 750),
        new Garment("Sweatshirt", new int[] {3499, 3999, 4499, 4999}, 380, 600),
        new Garment("Zip Hoodie", new int[] {4999, 5499, 5999, 6999}, 500, 800),
        new Garment("Tank Top", new int[] {1799, 1999, 2299}, 100, 160)};

    /** Apparel's built-in {@code size} option, in its order (docs/design.md#variants). */
    static final String[] SIZES = {"XS", "S", "M", "L", "XL", "XXL"};

    /** {@code colour} is a free option: these are what the seed uses. */
    static final String[] COLOURS = {"black", "white", "heather grey", "navy", "forest green", "burgundy", "sand",
        "charcoal", "royal blue", "mustard", "olive", "off-white"};

    static final String[] BRANDS = {"Gildan", "Bella+Canvas", "Stanley/Stella", "Fruit of the Loom", "Comfort Colors",
        "American Apparel", "Next Level", "Continental", "Earth Positive", "Mantis", "Official Merch", "Backstage Goods"};

    static final String[] MATERIALS = {"100% cotton", "100% organic cotton", "ring-spun cotton", "cotton/polyester 60/40",
        "cotton/polyester 80/20", "tri-blend", "brushed fleece"};

    static final String[] CARE = {"Machine wash cold, inside out; tumble dry low", "Machine wash at 30 °C; do not tumble dry",
        "Wash inside out at 40 °C; do not iron the print", "Hand wash cold; dry flat"};
}
