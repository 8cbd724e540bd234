package dev.ycsbpack.testkit;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;

/**
 * {@code CollectionCount URL DATABASE COLLECTION}: prints the collection's document count. Tests run it inside a
 * network namespace of their own test rig, where the test JVM itself cannot connect.
 */
public final class CollectionCount {
  private CollectionCount() {
  }

  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: CollectionCount URL DATABASE COLLECTION");
      System.exit(2);
    }
    try (MongoClient client = MongoClients.create(args[0])) {
      System.out.println(client.getDatabase(args[1]).getCollection(args[2]).countDocuments());
    }
  }
}
